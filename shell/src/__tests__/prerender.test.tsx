import { render } from '@testing-library/react';
import { AuthCard } from '../features/auth/AuthCard';
import { LIGHT_CSS } from '../features/light-ui/styles';

// the build step itself (Node): what it writes into signin.html
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { signInMarkup, SIGNED_IN_CSS } = require('../../prerender.cjs') as {
  signInMarkup: () => { html: string; css: string };
  SIGNED_IN_CSS: string;
};

describe('signin.html, the Sign In page prerendered at build time', () => {
  it('holds the same brand panel AuthCard draws, and the app’s own style sheet', () => {
    const { html, css } = signInMarkup();
    const prerendered = document.createElement('div');
    prerendered.innerHTML = html;
    const { container } = render(
      <AuthCard title="Sign In">
        <form />
      </AuthCard>,
    );
    const drawn = container.querySelector('.imp-auth')!;
    const built = prerendered.querySelector('.imp-auth')!;
    // the same panel in the same place: React's render replaces it without moving anything
    expect(built.querySelector('aside')!.outerHTML).toBe(drawn.querySelector('aside')!.outerHTML);
    expect(built.querySelector('aside')!.textContent).toBe('ImprestThe simple way to manage requests within your organization.');
    expect(built.querySelector('main')!.className).toBe(drawn.querySelector('main')!.className);
    // the form is React's alone: nothing can be sent before the code that handles it has arrived
    expect(built.querySelector('main')!.children).toHaveLength(0);
    expect(built.querySelector('form, input, button')).toBeNull();
    expect(css).toBe(LIGHT_CSS);
  });

  it('is hidden for a stored session: boot.js marks the page in its head, before the panel is parsed', () => {
    const { html } = signInMarkup();
    document.body.innerHTML = html;
    const panel = document.querySelector('[data-prerendered]')!;
    const hiddenBy = SIGNED_IN_CSS.slice(0, SIGNED_IN_CSS.indexOf('{'));
    expect(SIGNED_IN_CSS).toMatch(/\{display:none\}$/);
    expect(panel.matches(hiddenBy)).toBe(false);
    document.documentElement.setAttribute('data-signed-in', ''); // what boot.js does for a stored session on /
    expect(panel.matches(hiddenBy)).toBe(true);
    document.documentElement.removeAttribute('data-signed-in');
    document.body.innerHTML = '';
  });

  it('is not styled twice: the app adds its sheet only when the page came without it', () => {
    const freshHook = () => {
      let hook: () => void = () => {};
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        hook = (require('../features/light-ui/styles') as { useLightStyles: () => void }).useLightStyles;
      });
      return hook;
    };
    const sheets = () => [...document.head.querySelectorAll('style[data-imprest="light-ui"]')].map((s) => s.textContent);

    document.head.innerHTML = '';
    freshHook()();
    expect(sheets()).toEqual([LIGHT_CSS]); // index.html: the app brings it

    document.head.innerHTML = '<style data-imprest="light-ui">.prerendered{}</style>';
    freshHook()();
    expect(sheets()).toEqual(['.prerendered{}']); // signin.html: already there
  });
});
