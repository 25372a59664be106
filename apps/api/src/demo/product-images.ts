import type { ProductType } from '@mostrador/contract';
import type { Services } from '../app.js';

type Auth = Parameters<Services['files']['upload']>[0];

/** Soft backgrounds and a darker tone for the drawing, the colours of a spa's brochure. */
const palettes = [
  ['#f3e3d3', '#b5835a', '#8a5a3b'],
  ['#e3efe6', '#6f9f80', '#3f6b52'],
  ['#e6e9f4', '#7d8cc4', '#4d5a94'],
  ['#f4e6ec', '#c27c98', '#8e4a66'],
  ['#f2efe0', '#b7a55e', '#7f7033'],
  ['#e2eef2', '#5f9aac', '#2f6a7c'],
] as const;

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

/** A drawing per kind of product: stones for treatments, a bottle for the shop, cards for bonos, rings for memberships. */
function motif(type: ProductType, light: string, dark: string): string {
  switch (type) {
    case 'bookable':
    case 'bookable_gift':
      return `
        <ellipse cx="300" cy="420" rx="190" ry="62" fill="${dark}"/>
        <ellipse cx="300" cy="322" rx="150" ry="54" fill="${light}"/>
        <ellipse cx="300" cy="236" rx="110" ry="44" fill="${dark}" opacity="0.85"/>
        <ellipse cx="300" cy="166" rx="70" ry="32" fill="${light}"/>`;
    case 'regular':
      return `
        <rect x="250" y="110" width="100" height="60" rx="12" fill="${dark}"/>
        <rect x="190" y="165" width="220" height="300" rx="48" fill="${light}"/>
        <rect x="225" y="260" width="150" height="110" rx="16" fill="#ffffff" opacity="0.7"/>`;
    case 'pack':
    case 'credit':
    case 'credit_subscription':
      return `
        <rect x="150" y="250" width="300" height="190" rx="22" fill="${dark}" transform="rotate(-10 300 345)"/>
        <rect x="150" y="220" width="300" height="190" rx="22" fill="${light}" transform="rotate(6 300 315)"/>
        <circle cx="380" cy="290" r="34" fill="#ffffff" opacity="0.75"/>`;
    default:
      return `
        <circle cx="300" cy="300" r="180" fill="none" stroke="${dark}" stroke-width="36"/>
        <circle cx="300" cy="300" r="110" fill="none" stroke="${light}" stroke-width="36"/>
        <circle cx="300" cy="300" r="44" fill="${dark}"/>`;
  }
}

/** A 600 × 600 PNG illustration of the product, uploaded as the company's file. */
export async function uploadDemoProductImage(
  services: Services,
  auth: Auth,
  product: { reference?: string | null; name: string; type: ProductType },
): Promise<number> {
  const [background, light, dark] = palettes[hash(product.reference ?? product.name) % palettes.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="${background}"/>
    ${motif(product.type, light, dark)}
  </svg>`;
  const { default: sharp } = await import('sharp');
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  const file = await services.files.upload(auth, {
    name: `${(product.reference ?? product.name).toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`,
    data,
    kind: 'image',
  });
  return file.id;
}
