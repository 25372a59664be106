import caES from 'antd/es/locale/ca_ES';
import esES from 'antd/es/locale/es_ES';
import { describe, expect, it } from 'vitest';
import { withOurTexts } from './antd-locale';
import ca from './locales/ca.json';
import es from './locales/es.json';

/** A t() over one catalogue, enough for the overlay's plain keys. */
function tOf(catalogue: Record<string, unknown>) {
  return ((key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue)) as never;
}

describe('withOurTexts', () => {
  it('puts our words where antd mixes languages, and keeps the rest of its locale', () => {
    const spanish = withOurTexts(esES, tOf(es));
    expect(spanish.Table?.triggerDesc).toBe('Ordenar de forma descendente');
    expect(spanish.Table?.triggerAsc).toBe('Ordenar de forma ascendente');
    expect(spanish.Table?.emptyText).toBe(esES.Table?.emptyText);
    expect(spanish.Pagination?.page_size).toBe('Tamaño de página');
    expect(spanish.DatePicker?.lang.locale).toBe('es_ES');
    expect((spanish.DatePicker?.lang as { weekSelect?: string } | undefined)?.weekSelect).toBe(
      'Elegir una semana',
    );
    expect(spanish.Popconfirm).toEqual(esES.Popconfirm);
  });

  it('mends the Catalan pickers, whose next year said next month', () => {
    const catalan = withOurTexts(caES, tOf(ca));
    expect(caES.DatePicker?.lang.nextYear).toBe('Mes següent');
    expect(catalan.DatePicker?.lang.nextYear).toBe('Any següent');
    expect(catalan.Calendar?.lang.nextYear).toBe('Any següent');
  });
});
