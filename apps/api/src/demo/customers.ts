import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { customFields } from '../db/schema.js';

type Auth = Parameters<Services['customers']['create']>[0];
type Body = Parameters<Services['customers']['create']>[1];

const women =
  'Lucía María Carmen Ana Laura Marta Elena Paula Cristina Isabel Sara Raquel Nuria Pilar Rocío Beatriz Irene Alba Silvia Teresa Patricia Rosa Inés Julia Noelia Montserrat Ainhoa Claudia Lorena Eva'.split(
    ' ',
  );
const men =
  'Javier Antonio Manuel José David Daniel Carlos Miguel Alejandro Pablo Francisco Sergio Jorge Alberto Raúl Fernando Álvaro Iván Rubén Óscar Adrián Diego Andrés Ignacio Víctor Jaime Hugo Mario Gonzalo Iker'.split(
    ' ',
  );
const surnames =
  'García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz Moreno Muñoz Álvarez Romero Alonso Gutiérrez Navarro Torres Domínguez Vázquez Ramos Gil Ramírez Serrano Blanco Molina Morales Suárez Ortega Delgado Castro Ortiz Rubio Marín Sanz Núñez Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero'.split(
    ' ',
  );

/** Where the demo centre's customers live: mostly Madrid and its towns, some from elsewhere in Spain. */
const places = [
  {
    city: 'Madrid',
    state: 'Madrid',
    postalCodes: '28001|28009|28014|28028'.split('|'),
    streets:
      'Calle de Alcalá|Calle de Serrano|Calle de Bravo Murillo|Paseo de la Castellana|Calle de Arturo Soria|Calle de Toledo|Calle de la Princesa|Calle de Atocha'.split(
        '|',
      ),
  },
  {
    city: 'Madrid',
    state: 'Madrid',
    postalCodes: '28039|28043|28007|28010'.split('|'),
    streets: 'Calle de O’Donnell|Calle de Goya|Avenida de América|Calle de Fuencarral'.split('|'),
  },
  {
    city: 'Alcalá de Henares',
    state: 'Madrid',
    postalCodes: '28801|28805|28807'.split('|'),
    streets: 'Calle Mayor|Vía Complutense'.split('|'),
  },
  {
    city: 'Getafe',
    state: 'Madrid',
    postalCodes: '28901|28903|28905'.split('|'),
    streets: 'Calle Madrid|Avenida de las Ciudades'.split('|'),
  },
  {
    city: 'Alcobendas',
    state: 'Madrid',
    postalCodes: '28100|28108'.split('|'),
    streets: 'Calle Marqués de la Valdavia|Avenida de España'.split('|'),
  },
  {
    city: 'Pozuelo de Alarcón',
    state: 'Madrid',
    postalCodes: '28223|28224'.split('|'),
    streets: 'Avenida de Europa|Calle Atenas'.split('|'),
  },
  {
    city: 'Barcelona',
    state: 'Barcelona',
    postalCodes: '08008|08013|08036'.split('|'),
    streets: 'Carrer de Mallorca|Passeig de Gràcia|Carrer d’Aragó'.split('|'),
  },
  {
    city: 'Valencia',
    state: 'Valencia',
    postalCodes: '46004|46023'.split('|'),
    streets: 'Avenida del Puerto|Calle de Colón'.split('|'),
  },
  {
    city: 'Sevilla',
    state: 'Sevilla',
    postalCodes: '41001|41004'.split('|'),
    streets: 'Calle Sierpes|Avenida de la Constitución'.split('|'),
  },
  {
    city: 'Zaragoza',
    state: 'Zaragoza',
    postalCodes: '50001|50004'.split('|'),
    streets: 'Paseo de la Independencia|Calle de Alfonso I'.split('|'),
  },
  {
    city: 'Málaga',
    state: 'Málaga',
    postalCodes: '29005|29015'.split('|'),
    streets: 'Calle Larios|Paseo de Reding'.split('|'),
  },
  {
    city: 'Bilbao',
    state: 'Bizkaia',
    postalCodes: '48008|48011'.split('|'),
    streets: 'Gran Vía de Don Diego López de Haro|Calle Ercilla'.split('|'),
  },
  {
    city: 'Valladolid',
    state: 'Valladolid',
    postalCodes: '47001|47004'.split('|'),
    streets: 'Calle de Santiago|Paseo de Zorrilla'.split('|'),
  },
  {
    city: 'Granada',
    state: 'Granada',
    postalCodes: '18002|18005'.split('|'),
    streets: 'Calle Recogidas|Gran Vía de Colón'.split('|'),
  },
];

const companies =
  'Peluquería Estilo Norte|Gimnasio Vértice|Construcciones Hermanos Ruiz|Asesoría Fiscal Levante|Clínica Dental Sonrisa|Hotel Mirador de la Bahía|Restaurante El Olivar|Talleres Mecánicos Duero|Floristería Las Camelias|Academia de Idiomas Babel|Inmobiliaria Puerta del Sol|Estudio de Arquitectura Alba'.split(
    '|',
  );

const notes = [
  'Prefiere las citas a última hora de la tarde.',
  'Alergia al látex: avisar al equipo antes de cada sesión.',
  'Paga siempre con tarjeta. Pide factura a nombre de la empresa.',
  'Cliente desde la apertura del centro. Trato muy cercano.',
  'Tiene un bono regalo pendiente de canjear.',
  'Llamar por teléfono para confirmar: no lee el correo.',
  'Viene con su hija los sábados por la mañana.',
  'Lesión de rodilla: evitar ejercicios de impacto.',
];

const howTheyFoundUs = ['Recomendación de un cliente', 'Instagram', 'Google', 'Pasaba por delante', 'Otro'];
const domains = ['example.es', 'example.com', 'example.net'];

/** "Peña Núñez" → "pena.nunez": for e-mail addresses. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** A Spanish CIF with its control digit, for companies (S.L. letter B, S.A. letter A). */
export function cif(letter: 'A' | 'B', seven: number): string {
  const digits = String(seven).padStart(7, '0');
  let sum = 0;
  for (const [i, char] of [...digits].entries()) {
    const d = Number(char);
    if (i % 2 === 1) sum += d;
    else sum += Math.floor((d * 2) / 10) + ((d * 2) % 10);
  }
  return `${letter}${digits}${(10 - (sum % 10)) % 10}`;
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** The demo customer number `i` (0-based): everything derived from the index, so every run is the same. */
export function demoCustomer(i: number): Body {
  const isWoman = i % 2 === 0;
  const name = isWoman ? women[(i / 2) % women.length]! : men[((i - 1) / 2) % men.length]!;
  const first = surnames[(i * 7) % surnames.length]!;
  const second = surnames[(i * 11 + 3 + Math.floor(i / surnames.length) * 5) % surnames.length]!;
  const surname = first === second ? first : `${first} ${second}`;
  const place = places[i % places.length]!;
  const company = i % 5 === 2 ? companies[((i - 2) / 5) % companies.length]! : null;
  const mobile = i % 4 !== 3;
  // Spread over the number space by a multiplicative hash of the index: no two alike, no visible pattern.
  const phone = mobile
    ? `+346${pad(((i + 1) * 2_654_435_761) % 100_000_000, 8)}`
    : `+3491${pad(((i + 1) * 283_511) % 10_000_000, 7)}`;
  return {
    name,
    surname,
    company: company && `${company} ${i % 3 === 0 ? 'S.A.' : 'S.L.'}`,
    vat: company && cif(i % 3 === 0 ? 'A' : 'B', (i * 1_234_567 + 7_654_321) % 10_000_000),
    email: i % 10 === 9 ? null : `${slug(name)}.${slug(first)}@${domains[i % domains.length]}`,
    phone: i % 15 === 4 ? null : phone,
    birthdate:
      i % 6 === 5
        ? null
        : `${1950 + ((i * 7) % 55)}-${pad(((i * 5) % 12) + 1, 2)}-${pad(((i * 11) % 28) + 1, 2)}`,
    gender: i % 20 === 13 ? 'none' : isWoman ? 'female' : 'male',
    street: place.streets[i % place.streets.length]!,
    streetNumber: String(((i * 13) % 150) + 1),
    postalCode: place.postalCodes[i % place.postalCodes.length]!,
    city: place.city,
    state: place.state,
    country: 'España',
    notes: i % 8 === 3 ? notes[((i - 3) / 8) % notes.length]! : null,
  };
}

export const demoCustomerCount = 60;

/** Two custom fields a wellness centre asks its customers about, and 60 customers who answered them. */
export async function seedDemoCustomers(db: Db, services: Services, auth: Auth): Promise<void> {
  const [source, consent] = await db
    .insert(customFields)
    .values([
      {
        licenseId: auth.licenseId,
        entity: 'customer',
        name: '¿Cómo nos conoció?',
        type: 'select',
        options: howTheyFoundUs,
        position: 1,
      },
      {
        licenseId: auth.licenseId,
        entity: 'customer',
        name: 'Acepta comunicaciones comerciales',
        type: 'boolean',
        position: 2,
      },
    ])
    .returning({ id: customFields.id });
  for (let i = 0; i < demoCustomerCount; i++) {
    await services.customers.create(auth, {
      ...demoCustomer(i),
      customFields: [
        { customFieldId: source!.id, value: i % 3 === 0 ? null : howTheyFoundUs[i % howTheyFoundUs.length]! },
        { customFieldId: consent!.id, value: i % 4 === 0 ? 'false' : 'true' },
      ],
    });
  }
}
