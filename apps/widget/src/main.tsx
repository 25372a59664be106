import './styles.css';
import { render } from 'preact';
import type { PublicCompany } from './api';
import { App } from './app';
import { type WidgetLanguage, widgetLanguages } from './i18n';

/*
 * The widget's page boots from what the server wrote on <html> (no inline script: the page's policy is
 * `script-src 'self'`): the license's code, the language it chose and the company's public face.
 */
const root = document.documentElement;
const company = JSON.parse(root.dataset.company ?? '{}') as PublicCompany;
const licenseCode = root.dataset.license ?? '';
const asked = root.lang as WidgetLanguage;
const language = widgetLanguages.includes(asked) ? asked : company.mainLanguage;
// The company's colour (white text on it reaches 4.5:1, the settings check it): set through the CSSOM,
// which the policy allows, unlike a style attribute.
if (/^#[0-9a-f]{6}$/i.test(company.color ?? '')) root.style.setProperty('--accent', company.color);

// Embedded: the frame follows the page's height, reported to the parent (the loader sizes the frame
// and says so; the page then never scrolls inside the frame).
if (window.parent !== window) {
  let last = 0;
  const report = () => {
    const height = Math.ceil(
      Math.max(document.body.getBoundingClientRect().height, document.body.scrollHeight),
    );
    if (height !== last) {
      last = height;
      window.parent.postMessage({ mostradorWidget: 'height', height }, '*');
    }
  };
  const observer = new ResizeObserver(report);
  observer.observe(document.body);
  observer.observe(document.documentElement);
  addEventListener('resize', report);
  // Sized to its content, the frame has nothing to scroll; a field focused while the new height is on
  // its way would scroll it and leave it shifted once it grows.
  addEventListener('scroll', () => {
    if (root.classList.contains('sized') && (window.scrollY || window.scrollX)) window.scrollTo(0, 0);
  });
  addEventListener('message', (event) => {
    if (event.source === window.parent && event.data?.mostradorWidget === 'sized') {
      root.classList.add('sized');
      last = 0;
      report();
    }
  });
  report();
}

const params = new URLSearchParams(location.search);
render(
  <App
    licenseCode={licenseCode}
    company={company}
    initialLanguage={language}
    manage={params.get('manage')}
  />,
  document.getElementById('app')!,
);
