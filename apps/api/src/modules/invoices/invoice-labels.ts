import { type InvoiceType, type Language, paymentMethods } from '@mostrador/contract';

/** R1–R5: an invoice that corrects another one. */
export function isRectifying(type: InvoiceType): boolean {
  return type.startsWith('R');
}

/** F2 and R5 are simplified: no identified recipient, prices shown VAT included. */
export function isSimplified(type: InvoiceType): boolean {
  return type === 'F2' || type === 'R5';
}

/**
 * The texts AEAT prescribes word for word around the tax QR (QR spec v0.5.0 §3): they are the same in
 * every language, so they are not translated.
 */
export const verifactuTexts = { qrCaption: 'QR tributario:', verifiable: 'VERI*FACTU' } as const;

/**
 * The invoice PDF's labels in the invoice's language. `{name}` placeholders are filled by `fill`. The
 * wording of shared words (payment methods, tax base, quantity…) follows the mail catalogues
 * (`mails/templates/locales`) and the closing report (`cash-registers/report-labels.ts`).
 */
export interface InvoiceLabels {
  /** Titles by type: F1 and F3, F2, R1–R4, R5. */
  invoice: string;
  simplifiedInvoice: string;
  rectifyingInvoice: string;
  simplifiedRectifyingInvoice: string;
  number: string;
  issueDate: string;
  order: string;
  paymentMethod: string;
  cash: string;
  card: string;
  online: string;
  transfer: string;
  external_billing: string;
  credit: string;
  taxId: string;
  phone: string;
  email: string;
  web: string;
  recipient: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  vat: string;
  amount: string;
  pricesExcludeVat: string;
  pricesIncludeVat: string;
  taxBreakdown: string;
  taxBase: string;
  taxRate: string;
  taxAmount: string;
  totalTaxBase: string;
  totalTax: string;
  total: string;
  rectification: string;
  rectifies: string;
  byDifference: string;
  reason: string;
  reasonR1: string;
  reasonR2: string;
  reasonR3: string;
  reasonR4: string;
  reasonR5: string;
  replacement: string;
  replaces: string;
  referenceWithDate: string;
  annulled: string;
  continued: string;
  page: string;
}

export const invoiceLabels: Record<Language, InvoiceLabels> = {
  ca: {
    invoice: 'Factura',
    simplifiedInvoice: 'Factura simplificada',
    rectifyingInvoice: 'Factura rectificativa',
    simplifiedRectifyingInvoice: 'Factura rectificativa simplificada',
    number: 'Núm. de factura',
    issueDate: "Data d'expedició",
    order: 'Comanda',
    paymentMethod: 'Forma de pagament',
    cash: 'Efectiu',
    card: 'Targeta',
    online: 'Pagament en línia',
    transfer: 'Transferència bancària',
    external_billing: 'Facturació externa',
    credit: 'Saldo del client',
    taxId: 'NIF',
    phone: 'Tel.',
    email: 'Correu',
    web: 'Web',
    recipient: 'Client',
    description: 'Descripció',
    quantity: 'Quant.',
    unitPrice: 'Preu unitari',
    discount: 'Descompte',
    vat: 'IVA',
    amount: 'Import',
    pricesExcludeVat: 'Preus unitaris, descomptes i imports sense IVA.',
    pricesIncludeVat: 'Preus i imports amb IVA inclòs.',
    taxBreakdown: "Desglossament de l'IVA",
    taxBase: 'Base imposable',
    taxRate: 'Tipus',
    taxAmount: 'Quota',
    totalTaxBase: 'Base imposable',
    totalTax: 'Total IVA',
    total: 'Total factura',
    rectification: 'Rectificació',
    rectifies: 'Rectifica la factura {code} de {date}.',
    byDifference: 'Rectificació per diferències.',
    reason: 'Motiu',
    reasonR1: "Error fonamentat en dret i causes de l'article 80 u, dos i sis de la Llei de l'IVA",
    reasonR2: "Concurs de creditors del destinatari (article 80 tres de la Llei de l'IVA)",
    reasonR3: "Crèdits totalment o parcialment incobrables (article 80 quatre de la Llei de l'IVA)",
    reasonR4: 'Altres causes de rectificació',
    reasonR5: 'Rectificació de factura simplificada',
    replacement: 'Substitució',
    replaces: 'Emesa en substitució de les factures simplificades:',
    referenceWithDate: '{code} de {date}',
    annulled: 'Factura anul·lada',
    continued: '{title} {code} (continuació)',
    page: 'Pàgina {page} de {pages}',
  },
  eu: {
    invoice: 'Faktura',
    simplifiedInvoice: 'Faktura erraztua',
    rectifyingInvoice: 'Faktura zuzentzailea',
    simplifiedRectifyingInvoice: 'Faktura zuzentzaile erraztua',
    number: 'Faktura-zenbakia',
    issueDate: 'Jaulkipen-data',
    order: 'Eskaera',
    paymentMethod: 'Ordainketa-modua',
    cash: 'Eskudirua',
    card: 'Txartela',
    online: 'Linean ordaintzea',
    transfer: 'Banku-transferentzia',
    external_billing: 'Kanpoko fakturazioa',
    credit: 'Bezeroaren saldoa',
    taxId: 'IFZ',
    phone: 'Tel.',
    email: 'Posta',
    web: 'Webgunea',
    recipient: 'Bezeroa',
    description: 'Deskribapena',
    quantity: 'Kop.',
    unitPrice: 'Unitateko prezioa',
    discount: 'Deskontua',
    vat: 'BEZ',
    amount: 'Zenbatekoa',
    pricesExcludeVat: 'Unitateko prezioak, deskontuak eta zenbatekoak BEZik gabe.',
    pricesIncludeVat: 'Prezioek eta zenbatekoek BEZa barne dute.',
    taxBreakdown: 'BEZaren banakapena',
    taxBase: 'Zerga-oinarria',
    taxRate: 'Tasa',
    taxAmount: 'Kuota',
    totalTaxBase: 'Zerga-oinarria',
    totalTax: 'BEZa guztira',
    total: 'Faktura guztira',
    rectification: 'Zuzenketa',
    rectifies: '{date} datako {code} faktura zuzentzen du.',
    byDifference: 'Diferentzien bidezko zuzenketa.',
    reason: 'Arrazoia',
    reasonR1:
      'Zuzenbidean oinarritutako akatsa eta BEZaren Legearen 80. artikuluko bat, bi eta sei idatz-zatietako arrazoiak',
    reasonR2: 'Hartzailearen konkurtsoa (BEZaren Legearen 80. artikuluko hiru idatz-zatia)',
    reasonR3:
      'Osorik edo zati batean kobraezinak diren kredituak (BEZaren Legearen 80. artikuluko lau idatz-zatia)',
    reasonR4: 'Zuzentzeko beste arrazoi batzuk',
    reasonR5: 'Faktura erraztu baten zuzenketa',
    replacement: 'Ordezpena',
    replaces: 'Faktura erraztu hauen ordez jaulkia:',
    referenceWithDate: '{code} ({date})',
    annulled: 'Faktura baliogabetua',
    continued: '{title} {code} (jarraipena)',
    page: '{page}/{pages} orria',
  },
  es: {
    invoice: 'Factura',
    simplifiedInvoice: 'Factura simplificada',
    rectifyingInvoice: 'Factura rectificativa',
    simplifiedRectifyingInvoice: 'Factura rectificativa simplificada',
    number: 'N.º de factura',
    issueDate: 'Fecha de expedición',
    order: 'Pedido',
    paymentMethod: 'Forma de pago',
    cash: 'Efectivo',
    card: 'Tarjeta',
    online: 'Pago en línea',
    transfer: 'Transferencia bancaria',
    external_billing: 'Facturación externa',
    credit: 'Saldo del cliente',
    taxId: 'NIF',
    phone: 'Tel.',
    email: 'Correo',
    web: 'Web',
    recipient: 'Cliente',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    discount: 'Descuento',
    vat: 'IVA',
    amount: 'Importe',
    pricesExcludeVat: 'Precios unitarios, descuentos e importes sin IVA.',
    pricesIncludeVat: 'Precios e importes con IVA incluido.',
    taxBreakdown: 'Desglose del IVA',
    taxBase: 'Base imponible',
    taxRate: 'Tipo',
    taxAmount: 'Cuota',
    totalTaxBase: 'Base imponible',
    totalTax: 'Total IVA',
    total: 'Total factura',
    rectification: 'Rectificación',
    rectifies: 'Rectifica la factura {code} de {date}.',
    byDifference: 'Rectificación por diferencias.',
    reason: 'Motivo',
    reasonR1: 'Error fundado en derecho y causas del artículo 80 Uno, Dos y Seis de la Ley del IVA',
    reasonR2: 'Concurso de acreedores del destinatario (artículo 80 Tres de la Ley del IVA)',
    reasonR3: 'Créditos total o parcialmente incobrables (artículo 80 Cuatro de la Ley del IVA)',
    reasonR4: 'Otras causas de rectificación',
    reasonR5: 'Rectificación de factura simplificada',
    replacement: 'Sustitución',
    replaces: 'Emitida en sustitución de las facturas simplificadas:',
    referenceWithDate: '{code} de {date}',
    annulled: 'Factura anulada',
    continued: '{title} {code} (continuación)',
    page: 'Página {page} de {pages}',
  },
  en: {
    invoice: 'Invoice',
    simplifiedInvoice: 'Simplified invoice',
    rectifyingInvoice: 'Corrective invoice',
    simplifiedRectifyingInvoice: 'Simplified corrective invoice',
    number: 'Invoice no.',
    issueDate: 'Issue date',
    order: 'Order',
    paymentMethod: 'Payment method',
    cash: 'Cash',
    card: 'Card',
    online: 'Online payment',
    transfer: 'Bank transfer',
    external_billing: 'External billing',
    credit: 'Customer credit',
    taxId: 'VAT no.',
    phone: 'Phone',
    email: 'Email',
    web: 'Web',
    recipient: 'Bill to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    discount: 'Discount',
    vat: 'VAT',
    amount: 'Amount',
    pricesExcludeVat: 'Unit prices, discounts and amounts exclude VAT.',
    pricesIncludeVat: 'Prices and amounts include VAT.',
    taxBreakdown: 'VAT breakdown',
    taxBase: 'Tax base',
    taxRate: 'Rate',
    taxAmount: 'VAT amount',
    totalTaxBase: 'Tax base',
    totalTax: 'Total VAT',
    total: 'Invoice total',
    rectification: 'Correction',
    rectifies: 'Corrects invoice {code} of {date}.',
    byDifference: 'Corrected by difference.',
    reason: 'Reason',
    reasonR1: 'Error in law and the grounds of article 80 One, Two and Six of the Spanish VAT Act',
    reasonR2: "Recipient's insolvency proceedings (article 80 Three of the Spanish VAT Act)",
    reasonR3: 'Wholly or partly uncollectable debts (article 80 Four of the Spanish VAT Act)',
    reasonR4: 'Other grounds for correction',
    reasonR5: 'Correction of a simplified invoice',
    replacement: 'Replacement',
    replaces: 'Issued in replacement of the simplified invoices:',
    referenceWithDate: '{code} of {date}',
    annulled: 'Annulled invoice',
    continued: '{title} {code} (continued)',
    page: 'Page {page} of {pages}',
  },
  de: {
    invoice: 'Rechnung',
    simplifiedInvoice: 'Vereinfachte Rechnung',
    rectifyingInvoice: 'Rechnungskorrektur',
    simplifiedRectifyingInvoice: 'Vereinfachte Rechnungskorrektur',
    number: 'Rechnungsnr.',
    issueDate: 'Rechnungsdatum',
    order: 'Bestellung',
    paymentMethod: 'Zahlungsart',
    cash: 'Barzahlung',
    card: 'Kartenzahlung',
    online: 'Onlinezahlung',
    transfer: 'Banküberweisung',
    external_billing: 'Externe Abrechnung',
    credit: 'Kundenguthaben',
    taxId: 'USt-IdNr.',
    phone: 'Tel.',
    email: 'E-Mail',
    web: 'Web',
    recipient: 'Rechnungsempfänger',
    description: 'Beschreibung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    discount: 'Rabatt',
    vat: 'MwSt.',
    amount: 'Betrag',
    pricesExcludeVat: 'Einzelpreise, Rabatte und Beträge ohne MwSt.',
    pricesIncludeVat: 'Preise und Beträge inklusive MwSt.',
    taxBreakdown: 'MwSt.-Aufstellung',
    taxBase: 'Bemessungsgrundlage',
    taxRate: 'Satz',
    taxAmount: 'Steuerbetrag',
    totalTaxBase: 'Nettobetrag',
    totalTax: 'MwSt. gesamt',
    total: 'Rechnungsbetrag',
    rectification: 'Korrektur',
    rectifies: 'Korrigiert die Rechnung {code} vom {date}.',
    byDifference: 'Korrektur um den Differenzbetrag.',
    reason: 'Grund',
    reasonR1:
      'Rechtsfehler und Gründe nach Artikel 80 Absatz 1, 2 und 6 des spanischen Mehrwertsteuergesetzes',
    reasonR2: 'Insolvenzverfahren des Empfängers (Artikel 80 Absatz 3 des spanischen Mehrwertsteuergesetzes)',
    reasonR3:
      'Ganz oder teilweise uneinbringliche Forderungen (Artikel 80 Absatz 4 des spanischen Mehrwertsteuergesetzes)',
    reasonR4: 'Sonstige Korrekturgründe',
    reasonR5: 'Korrektur einer vereinfachten Rechnung',
    replacement: 'Ersatz',
    replaces: 'Ausgestellt als Ersatz für die vereinfachten Rechnungen:',
    referenceWithDate: '{code} vom {date}',
    annulled: 'Stornierte Rechnung',
    continued: '{title} {code} (Fortsetzung)',
    page: 'Seite {page} von {pages}',
  },
  fr: {
    invoice: 'Facture',
    simplifiedInvoice: 'Facture simplifiée',
    rectifyingInvoice: 'Facture rectificative',
    simplifiedRectifyingInvoice: 'Facture rectificative simplifiée',
    number: 'N° de facture',
    issueDate: "Date d'émission",
    order: 'Commande',
    paymentMethod: 'Mode de paiement',
    cash: 'Espèces',
    card: 'Carte bancaire',
    online: 'Paiement en ligne',
    transfer: 'Virement bancaire',
    external_billing: 'Facturation externe',
    credit: 'Crédit client',
    taxId: 'N° TVA',
    phone: 'Tél.',
    email: 'E-mail',
    web: 'Site web',
    recipient: 'Client',
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    discount: 'Remise',
    vat: 'TVA',
    amount: 'Montant',
    pricesExcludeVat: 'Prix unitaires, remises et montants hors TVA.',
    pricesIncludeVat: 'Prix et montants TVA comprise.',
    taxBreakdown: 'Détail de la TVA',
    taxBase: 'Base imposable',
    taxRate: 'Taux',
    taxAmount: 'Montant TVA',
    totalTaxBase: 'Total HT',
    totalTax: 'Total TVA',
    total: 'Total TTC',
    rectification: 'Rectification',
    rectifies: 'Rectifie la facture {code} du {date}.',
    byDifference: 'Rectification par différence.',
    reason: 'Motif',
    reasonR1:
      "Erreur de droit et motifs de l'article 80, paragraphes un, deux et six, de la loi espagnole sur la TVA",
    reasonR2:
      'Procédure collective du destinataire (article 80, paragraphe trois, de la loi espagnole sur la TVA)',
    reasonR3:
      'Créances totalement ou partiellement irrécouvrables (article 80, paragraphe quatre, de la loi espagnole sur la TVA)',
    reasonR4: 'Autres motifs de rectification',
    reasonR5: "Rectification d'une facture simplifiée",
    replacement: 'Remplacement',
    replaces: 'Émise en remplacement des factures simplifiées :',
    referenceWithDate: '{code} du {date}',
    annulled: 'Facture annulée',
    continued: '{title} {code} (suite)',
    page: 'Page {page} sur {pages}',
  },
  it: {
    invoice: 'Fattura',
    simplifiedInvoice: 'Fattura semplificata',
    rectifyingInvoice: 'Fattura rettificativa',
    simplifiedRectifyingInvoice: 'Fattura rettificativa semplificata',
    number: 'N. fattura',
    issueDate: 'Data di emissione',
    order: 'Ordine',
    paymentMethod: 'Metodo di pagamento',
    cash: 'Contanti',
    card: 'Carta',
    online: 'Pagamento online',
    transfer: 'Bonifico bancario',
    external_billing: 'Fatturazione esterna',
    credit: 'Credito cliente',
    taxId: 'P. IVA',
    phone: 'Tel.',
    email: 'E-mail',
    web: 'Sito web',
    recipient: 'Cliente',
    description: 'Descrizione',
    quantity: 'Q.tà',
    unitPrice: 'Prezzo unitario',
    discount: 'Sconto',
    vat: 'IVA',
    amount: 'Importo',
    pricesExcludeVat: 'Prezzi unitari, sconti e importi IVA esclusa.',
    pricesIncludeVat: 'Prezzi e importi IVA inclusa.',
    taxBreakdown: 'Riepilogo IVA',
    taxBase: 'Imponibile',
    taxRate: 'Aliquota',
    taxAmount: 'Imposta',
    totalTaxBase: 'Imponibile',
    totalTax: 'Totale IVA',
    total: 'Totale fattura',
    rectification: 'Rettifica',
    rectifies: 'Rettifica la fattura {code} del {date}.',
    byDifference: 'Rettifica per differenza.',
    reason: 'Motivo',
    reasonR1:
      "Errore di diritto e cause dell'articolo 80, commi uno, due e sei, della legge spagnola sull'IVA",
    reasonR2:
      "Procedura concorsuale del destinatario (articolo 80, comma tre, della legge spagnola sull'IVA)",
    reasonR3:
      "Crediti totalmente o parzialmente inesigibili (articolo 80, comma quattro, della legge spagnola sull'IVA)",
    reasonR4: 'Altre cause di rettifica',
    reasonR5: 'Rettifica di una fattura semplificata',
    replacement: 'Sostituzione',
    replaces: 'Emessa in sostituzione delle fatture semplificate:',
    referenceWithDate: '{code} del {date}',
    annulled: 'Fattura annullata',
    continued: '{title} {code} (segue)',
    page: 'Pagina {page} di {pages}',
  },
  pt: {
    invoice: 'Fatura',
    simplifiedInvoice: 'Fatura simplificada',
    rectifyingInvoice: 'Fatura retificativa',
    simplifiedRectifyingInvoice: 'Fatura retificativa simplificada',
    number: 'N.º da fatura',
    issueDate: 'Data de emissão',
    order: 'Encomenda',
    paymentMethod: 'Forma de pagamento',
    cash: 'Numerário',
    card: 'Cartão',
    online: 'Pagamento online',
    transfer: 'Transferência bancária',
    external_billing: 'Faturação externa',
    credit: 'Saldo do cliente',
    taxId: 'NIF',
    phone: 'Tel.',
    email: 'E-mail',
    web: 'Sítio web',
    recipient: 'Cliente',
    description: 'Descrição',
    quantity: 'Qtd.',
    unitPrice: 'Preço unitário',
    discount: 'Desconto',
    vat: 'IVA',
    amount: 'Valor',
    pricesExcludeVat: 'Preços unitários, descontos e valores sem IVA.',
    pricesIncludeVat: 'Preços e valores com IVA incluído.',
    taxBreakdown: 'Resumo do IVA',
    taxBase: 'Base tributável',
    taxRate: 'Taxa',
    taxAmount: 'Imposto',
    totalTaxBase: 'Base tributável',
    totalTax: 'Total do IVA',
    total: 'Total da fatura',
    rectification: 'Retificação',
    rectifies: 'Retifica a fatura {code} de {date}.',
    byDifference: 'Retificação por diferenças.',
    reason: 'Motivo',
    reasonR1: 'Erro de direito e causas do artigo 80.º, números um, dois e seis, da lei espanhola do IVA',
    reasonR2: 'Insolvência do destinatário (artigo 80.º, número três, da lei espanhola do IVA)',
    reasonR3:
      'Créditos total ou parcialmente incobráveis (artigo 80.º, número quatro, da lei espanhola do IVA)',
    reasonR4: 'Outras causas de retificação',
    reasonR5: 'Retificação de uma fatura simplificada',
    replacement: 'Substituição',
    replaces: 'Emitida em substituição das faturas simplificadas:',
    referenceWithDate: '{code} de {date}',
    annulled: 'Fatura anulada',
    continued: '{title} {code} (continuação)',
    page: 'Página {page} de {pages}',
  },
  ru: {
    invoice: 'Счёт-фактура',
    simplifiedInvoice: 'Упрощённый счёт-фактура',
    rectifyingInvoice: 'Корректировочный счёт-фактура',
    simplifiedRectifyingInvoice: 'Упрощённый корректировочный счёт-фактура',
    number: 'Номер счёта',
    issueDate: 'Дата выставления',
    order: 'Заказ',
    paymentMethod: 'Способ оплаты',
    cash: 'Наличные',
    card: 'Банковская карта',
    online: 'Онлайн-оплата',
    transfer: 'Банковский перевод',
    external_billing: 'Внешний биллинг',
    credit: 'Баланс клиента',
    taxId: 'ИНН',
    phone: 'Тел.',
    email: 'Эл. почта',
    web: 'Сайт',
    recipient: 'Покупатель',
    description: 'Наименование',
    quantity: 'Кол-во',
    unitPrice: 'Цена за ед.',
    discount: 'Скидка',
    vat: 'НДС',
    amount: 'Сумма',
    pricesExcludeVat: 'Цены за единицу, скидки и суммы указаны без НДС.',
    pricesIncludeVat: 'Цены и суммы указаны с учётом НДС.',
    taxBreakdown: 'Расчёт НДС',
    taxBase: 'Налоговая база',
    taxRate: 'Ставка',
    taxAmount: 'Сумма НДС',
    totalTaxBase: 'Налоговая база',
    totalTax: 'Итого НДС',
    total: 'Итого по счёту',
    rectification: 'Корректировка',
    rectifies: 'Корректирует счёт-фактуру {code} от {date}.',
    byDifference: 'Корректировка на сумму разницы.',
    reason: 'Основание',
    reasonR1: 'Правовая ошибка и основания пунктов 1, 2 и 6 статьи 80 Закона Испании об НДС',
    reasonR2: 'Банкротство получателя (пункт 3 статьи 80 Закона Испании об НДС)',
    reasonR3: 'Полностью или частично безнадёжная задолженность (пункт 4 статьи 80 Закона Испании об НДС)',
    reasonR4: 'Прочие основания для корректировки',
    reasonR5: 'Корректировка упрощённого счёта-фактуры',
    replacement: 'Замена',
    replaces: 'Выставлен взамен упрощённых счетов-фактур:',
    referenceWithDate: '{code} от {date}',
    annulled: 'Счёт-фактура аннулирован',
    continued: '{title} {code} (продолжение)',
    page: 'Страница {page} из {pages}',
  },
  zh: {
    invoice: '发票',
    simplifiedInvoice: '简易发票',
    rectifyingInvoice: '更正发票',
    simplifiedRectifyingInvoice: '简易更正发票',
    number: '发票号码',
    issueDate: '开具日期',
    order: '订单',
    paymentMethod: '付款方式',
    cash: '现金',
    card: '银行卡',
    online: '在线支付',
    transfer: '银行转账',
    external_billing: '外部计费',
    credit: '客户储值',
    taxId: '税号',
    phone: '电话',
    email: '电子邮件',
    web: '网站',
    recipient: '客户',
    description: '项目描述',
    quantity: '数量',
    unitPrice: '单价',
    discount: '折扣',
    vat: '增值税',
    amount: '金额',
    pricesExcludeVat: '单价、折扣和金额均不含增值税。',
    pricesIncludeVat: '价格和金额均含增值税。',
    taxBreakdown: '增值税明细',
    taxBase: '计税基数',
    taxRate: '税率',
    taxAmount: '税额',
    totalTaxBase: '计税基数',
    totalTax: '增值税合计',
    total: '发票总额',
    rectification: '更正',
    rectifies: '更正 {date} 开具的发票 {code}。',
    byDifference: '按差额更正。',
    reason: '原因',
    reasonR1: '法律适用错误及西班牙增值税法第 80 条第一、二、六款规定的原因',
    reasonR2: '收票方进入破产程序（西班牙增值税法第 80 条第三款）',
    reasonR3: '全部或部分无法收回的债权（西班牙增值税法第 80 条第四款）',
    reasonR4: '其他更正原因',
    reasonR5: '简易发票的更正',
    replacement: '替代',
    replaces: '替代以下简易发票开具：',
    referenceWithDate: '{code}（{date}）',
    annulled: '发票已作废',
    continued: '{title} {code}（续）',
    page: '第 {page} 页，共 {pages} 页',
  },
};

/** The title an invoice of `type` carries. */
export function invoiceTitle(labels: InvoiceLabels, type: InvoiceType): string {
  if (type === 'F2') return labels.simplifiedInvoice;
  if (type === 'R5') return labels.simplifiedRectifyingInvoice;
  if (isRectifying(type)) return labels.rectifyingInvoice;
  return labels.invoice;
}

/** The reason of a rectifying invoice in words; undefined for F1–F3. */
export function rectificationReason(labels: InvoiceLabels, type: InvoiceType): string | undefined {
  switch (type) {
    case 'R1':
      return labels.reasonR1;
    case 'R2':
      return labels.reasonR2;
    case 'R3':
      return labels.reasonR3;
    case 'R4':
      return labels.reasonR4;
    case 'R5':
      return labels.reasonR5;
    default:
      return undefined;
  }
}

/** A payment method in the language; one we do not know is shown as stored. */
export function paymentMethodText(labels: InvoiceLabels, method: string): string {
  return (paymentMethods as readonly string[]).includes(method)
    ? labels[method as (typeof paymentMethods)[number]]
    : method;
}

/** A label with its `{name}` placeholders replaced. */
export function fill(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
