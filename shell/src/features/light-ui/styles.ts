import { breakpoints, fontStack, palette as c } from '@imprest/ui/tokens';

/**
 * The public pages (sign-in, reset) and the corner banners render before — or without — the
 * Chakra system, so that the first page stays light. Their styles are this one sheet, built from
 * the same design tokens the Chakra system uses.
 */
export const LIGHT_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:${fontStack};color:${c.fg};background:${c.bgSubtle};-webkit-font-smoothing:antialiased}
.imp-auth{display:flex;flex-direction:column;min-height:100dvh}
.imp-auth-brand{background:${c.brand700};color:#fff;padding:32px 24px;display:flex;flex-direction:column;justify-content:center}
.imp-auth-brand h2{margin:0;font-size:1.75rem;letter-spacing:-0.02em}
.imp-auth-brand p{margin:8px 0 0;color:${c.brand100};font-size:1rem;max-width:24rem;line-height:1.5}
.imp-auth-main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:32px 24px;background:${c.bg}}
.imp-auth-box{width:100%;max-width:24rem}
.imp-auth-box h1{margin:0 0 24px;font-size:1.875rem;line-height:1.2}
.imp-stack{display:flex;flex-direction:column;gap:16px}
.imp-row{display:flex;gap:12px}
.imp-row>*{flex:1}
.imp-muted{color:${c.fgMuted};margin:0;line-height:1.5}
.imp-field{display:flex;flex-direction:column;gap:6px}
.imp-field label{font-size:.875rem;font-weight:500}
.imp-field label .imp-req{color:${c.danger700};margin-left:2px}
.imp-field small{color:${c.fgMuted};font-size:.75rem}
.imp-input{height:40px;padding:0 12px;border:1px solid ${c.border};border-radius:6px;font:inherit;font-size:1rem;color:inherit;background:#fff}
.imp-input:focus{outline:2px solid ${c.brand600};outline-offset:-1px;border-color:${c.brand600}}
.imp-btn{height:40px;padding:0 16px;border-radius:6px;font:inherit;font-weight:600;font-size:.875rem;cursor:pointer;border:1px solid transparent;display:inline-flex;align-items:center;justify-content:center;gap:8px}
.imp-btn:disabled{opacity:.6;cursor:progress}
.imp-btn-primary{background:${c.primary};color:#fff}
.imp-btn-primary:hover:not(:disabled){background:${c.primaryHover}}
.imp-btn-outline{background:#fff;color:${c.fg};border-color:${c.border}}
.imp-btn-outline:hover{background:${c.bgSubtle}}
.imp-btn:focus-visible,.imp-link:focus-visible{outline:2px solid ${c.brand600};outline-offset:2px}
.imp-link{color:${c.brand700};font-size:.875rem;align-self:center;text-decoration:none}
.imp-link:hover{text-decoration:underline}
.imp-notice{padding:12px 14px;border-radius:6px;font-size:.875rem;font-weight:500;line-height:1.4}
.imp-notice-error{background:${c.danger50};color:${c.danger700}}
.imp-notice-success{background:${c.success50};color:${c.success700}}
.imp-notice-info{background:${c.brand50};color:${c.brand700}}
.imp-spinner{width:40px;height:40px;border-radius:50%;border:3px solid ${c.brand100};border-top-color:${c.brand600};animation:imp-spin .8s linear infinite}
.imp-spinner-sm{width:16px;height:16px;border-width:2px;border-color:rgba(255,255,255,.4);border-top-color:#fff}
@keyframes imp-spin{to{transform:rotate(360deg)}}
.imp-loader{min-height:100dvh;display:flex;flex-direction:column;gap:12px;align-items:center;justify-content:center;color:${c.fgMuted};font-size:.875rem}
.imp-success{text-align:center;display:flex;flex-direction:column;align-items:center;gap:16px;padding:24px 0}
.imp-success .imp-tick{width:64px;height:64px;border-radius:50%;background:${c.success50};color:${c.success700};display:flex;align-items:center;justify-content:center;font-size:2rem}
.imp-success h1{margin:0}
/* on a phone the banners sit at the bottom, above the footer: appearing, they move nothing on screen (no layout shift), and
   the page gains their height at its end (--imp-banners-h, BannerStack) so nothing of it stays under them; wider, in the corner */
.imp-banners{position:fixed;left:0;right:0;bottom:0;z-index:1500;display:flex;flex-direction:column;gap:8px;padding:0 12px calc(12px + env(safe-area-inset-bottom))}
body:has(nav[aria-label="Footer"]) .imp-banners{bottom:60px}
@media (max-width:${breakpoints.tablet - 1}px){body{padding-bottom:var(--imp-banners-h,0px)}}
.imp-banner{color:#fff;border-radius:8px;padding:12px 16px;box-shadow:0 10px 25px rgba(0,0,0,.18);display:flex;gap:12px;align-items:flex-start}
.imp-banner strong{display:block}
.imp-banner p{margin:2px 0 0;font-size:.875rem}
.imp-banner .imp-btn{height:28px;margin-top:8px;background:#fff;padding:0 10px;font-size:.75rem}
.imp-banner-close{background:none;border:0;color:#fff;cursor:pointer;font-size:1.1rem;line-height:1;padding:2px}
.imp-banner-green{background:${c.green700}}.imp-banner-green .imp-btn{color:${c.green700}}
.imp-banner-blue{background:${c.blue600}}.imp-banner-blue .imp-btn{color:${c.blue600}}
.imp-banner-purple{background:${c.purple600}}.imp-banner-purple .imp-btn{color:${c.purple600}}
@media (min-width:${breakpoints.tablet}px){
.imp-auth{flex-direction:row}
.imp-auth-main{align-items:center;padding:40px 24px}
.imp-auth-brand{width:42%;padding:48px}
.imp-auth-brand h2{font-size:2.25rem}
.imp-auth-brand p{font-size:1.125rem}
.imp-banners,body:has(nav[aria-label="Footer"]) .imp-banners{left:auto;right:16px;bottom:16px;padding:0;align-items:flex-end}
.imp-banner{max-width:22rem}
}
`;

let injected = false;

export function useLightStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  // signin.html arrives with this sheet already (prerender.cjs)
  if (document.querySelector('style[data-imprest="light-ui"]')) return;
  const style = document.createElement('style');
  style.dataset.imprest = 'light-ui';
  style.textContent = LIGHT_CSS;
  document.head.appendChild(style);
}
