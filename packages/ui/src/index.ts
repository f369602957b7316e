export * from './chakra';
export { system, BRAND } from './system';
export { UiProvider } from './provider';
export * from './icons';
export { ComingSoon } from './widgets/coming-soon';
export { FormAlert } from './widgets/form-alert';
export { SuccessPanel } from './widgets/success-panel';
export { runStandalone } from './dev/run-standalone';
