// Chakra's createSystem writes its whole global style sheet as objects when the system is made:
// the reset, the global styles and every design token as a CSS variable (getTokenCss, about half of
// creating the system, on the dashboard's first load before anything paints). Only ChakraProvider
// reads it (`sys._global`), and ours does not: the shell's build writes that sheet as CSS text once
// (@imprest/ui global-css.ts). Here `_global` becomes a getter that builds it on first read, so the
// system is the same to anything that does read it. The build stops if Chakra's code changes shape.
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const FIELD = /\n(\s*)_global,\n/;

module.exports = function lazyGlobalStyles(source) {
  if (source.split(EAGER).length !== 2 || !FIELD.test(source)) {
    throw new Error(`lazy-global-styles-loader: ${this.resourcePath} no longer builds _global as expected; see the loader's note`);
  }
  return source
    .replace(EAGER, 'let _global;')
    .replace(
      FIELD,
      (_, indent) => `\n${indent}get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },\n`,
    );
};
