import { supplierBody } from '@mostrador/contract';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { createCustomersRepository } from '../modules/customers/customers.repository.js';
import { createProductsRepository } from '../modules/products/products.repository.js';

type Auth = Parameters<Services['suppliers']['create']>[0];

/** The demo centre's suppliers and the references of the products they supply. */
const demoSuppliers = [
  {
    supplier: {
      name: 'Cosmética Natural Mediterránea',
      startsAt: '2024-09-01',
      commissionType: 'percentage',
      commissionQuantity: 30,
      automaticActivation: true,
      appLoginUrl: 'https://proveedores.cosmetica-mediterranea.example.es/login',
      passwordChangeUrl: 'https://proveedores.cosmetica-mediterranea.example.es/password',
    },
    products: ['ACE-ALM-250', 'CRE-FAC-50'],
    withCustomer: true,
  },
  {
    supplier: {
      name: 'Fisioterapia Colaboradora Retiro',
      startsAt: '2025-01-15',
      commissionType: 'money',
      commissionQuantity: 12,
      automaticActivation: true,
    },
    // Its subscription keeps a commission of its own (15 %).
    products: ['COLAB-TER'],
    withCustomer: false,
  },
  {
    supplier: {
      name: 'Velas Artesanas del Montseny',
      startsAt: null,
      commissionType: 'money',
      commissionQuantity: 3.5,
      automaticActivation: false,
    },
    products: ['VELA-LAV'],
    withCustomer: false,
  },
] as const;

/**
 * Three suppliers (two active, one waiting to be activated) and the shop products they supply, linked once
 * the two years of sales exist: the settlement report shows what their products sold and the commission.
 */
export async function seedDemoSuppliers(db: Db, services: Services, auth: Auth): Promise<void> {
  const products = createProductsRepository(db);
  const customers = createCustomersRepository(db);
  const someCustomer = await customers.list(auth.licenseId, { page: 1, limit: 1 });
  for (const { supplier, products: references, withCustomer } of demoSuppliers) {
    const created = await services.suppliers.create(
      auth,
      supplierBody.parse({
        ...supplier,
        customerId: withCustomer ? (someCustomer.rows[0]?.id ?? null) : null,
      }),
    );
    for (const reference of references) {
      const product = await products.findByReference(auth.licenseId, reference);
      if (product) await products.update(auth.licenseId, product.id, { supplierId: created.id });
    }
  }
}
