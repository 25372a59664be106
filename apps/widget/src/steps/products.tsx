import { useEffect, useState } from 'preact/hooks';
import type { Api, PublicProduct } from '../api';
import { formatDuration, formatPrice } from '../format';
import { useI18n } from '../i18n';
import { ErrorState, Loading, StepHeading } from './common';

/** The products a customer can book here: those sold online and booked on a calendar. */
export function Products(props: { api: Api; selected?: number; onChoose: (product: PublicProduct) => void }) {
  const { t, language } = useI18n();
  const [items, setItems] = useState<PublicProduct[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setError(null);
    setItems(null);
    props.api.products(language).then(
      (r) => live && setItems(r.items.filter((p) => p.bookable)),
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  return (
    <section>
      <StepHeading>{t('product.heading')}</StepHeading>
      {error ? (
        <ErrorState error={error} onRetry={() => setAttempt((a) => a + 1)} />
      ) : !items ? (
        <Loading />
      ) : items.length === 0 ? (
        <div class="state empty">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="40" height="40">
            <rect x="4" y="5" width="16" height="15" rx="2" />
            <path d="M8 3v4M16 3v4M4 10h16" />
          </svg>
          <h2>{t('product.empty.title')}</h2>
          <p>{t('product.empty.text')}</p>
        </div>
      ) : (
        <ul class="products">
          {items.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                class={`product${props.selected === p.id ? ' selected' : ''}`}
                onClick={() => props.onChoose(p)}
              >
                {p.imageUrl ? (
                  <img src={p.imageUrl} alt="" loading="lazy" class="thumb" />
                ) : (
                  <span class="thumb placeholder" aria-hidden="true">
                    {p.name.trim().charAt(0).toUpperCase()}
                  </span>
                )}
                <span class="product-body">
                  <span class="product-name">{p.name}</span>
                  {p.description && <span class="product-description">{p.description}</span>}
                  <span class="product-meta">
                    {p.duration !== null && (
                      <span class="duration">
                        <span class="sr-only">{t('product.duration')}: </span>
                        {formatDuration(p.duration)}
                      </span>
                    )}
                    <span class="price">
                      <span class="sr-only">{t('product.price')}: </span>
                      {formatPrice(p.price)}
                    </span>
                  </span>
                </span>
                <svg class="chevron" aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                  <path d="M9 6l6 6-6 6" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
