/*
 * The widget's loader (`/widget.js`), for the script-tag variant a company pastes into its website:
 *   <script src="PUBLIC_URL/widget.js" data-mostrador-widget="LICENSECODE" data-language="es" async></script>
 * It puts the widget's page in an iframe right after its script tag, full width, and sizes it to the
 * height the page reports (postMessage, only from the widget's own origin and frame). Kept tiny and
 * dependency-free: it runs on every page of the company's site.
 */
(() => {
  const mark = 'data-mostrador-widget-loaded';

  function mount(script: HTMLScriptElement) {
    const code = script.getAttribute('data-mostrador-widget');
    if (!code || script.hasAttribute(mark)) return;
    script.setAttribute(mark, '');
    const origin = new URL(script.src, location.href).origin;
    const params = new URLSearchParams();
    const language = script.getAttribute('data-language');
    if (language) params.set('lang', language);
    // A link from the confirmation mail may carry the booking to manage on the company's page.
    const manage = new URLSearchParams(location.search).get('mostrador-manage');
    if (manage) params.set('manage', manage);
    const query = params.toString();
    const frame = document.createElement('iframe');
    frame.src = `${origin}/widget/${encodeURIComponent(code)}${query ? `?${query}` : ''}`;
    frame.title = script.getAttribute('data-title') || 'Booking';
    frame.style.cssText =
      'display:block;width:100%;min-width:0;max-width:100%;height:640px;border:0;overflow:hidden';
    script.parentNode?.insertBefore(frame, script.nextSibling);
    // The frame is sized here: told so, it never scrolls inside (it asks again for its height).
    frame.addEventListener('load', () =>
      frame.contentWindow?.postMessage({ mostradorWidget: 'sized' }, origin),
    );

    addEventListener('message', (event) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      const data = event.data as { mostradorWidget?: string; height?: unknown; title?: unknown };
      if (!data || typeof data !== 'object') return;
      if (data.mostradorWidget === 'height' && typeof data.height === 'number' && data.height > 0)
        frame.style.height = `${Math.ceil(Math.min(data.height, 20000))}px`;
      if (data.mostradorWidget === 'title' && typeof data.title === 'string')
        frame.title = data.title.slice(0, 200);
      // A new step: its top in view when the page had been scrolled past it.
      if (data.mostradorWidget === 'step' && frame.getBoundingClientRect().top < 0)
        frame.scrollIntoView({ block: 'start' });
    });
  }

  const current = document.currentScript as HTMLScriptElement | null;
  if (current) mount(current);
  for (const script of Array.from(
    document.querySelectorAll<HTMLScriptElement>('script[data-mostrador-widget]'),
  ))
    mount(script);
})();
