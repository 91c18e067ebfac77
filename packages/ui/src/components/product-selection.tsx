import type { Product, SelectProductsItem } from '@city/survey-core';
import { maxQuantity } from '@city/survey-core';
import { uiMessages } from '../messages.js';
import { formatYen, orderTotal } from '../yen.js';
import { Field } from './field.js';
import type { ItemInputProps } from './item-input.js';
import { fieldOf } from './item-input.js';

/**
 * Products with quantity steppers, each 税込 unit price and the running total. The answer lists
 * one product id per unit (`['p1', 'p1']` is two of p1), as @city/survey-core reads it.
 */
export function ProductSelection({ item, value, onChange, error, disabled }: ItemInputProps<SelectProductsItem, string[]>) {
  const units = value ?? [];
  const quantity = (product: Product) => units.filter((id) => id === product.productId).length;
  const setQuantity = (product: Product, next: number) => {
    onChange(item.products.flatMap((candidate) => Array.from({ length: candidate === product ? next : quantity(candidate) }, () => candidate.productId)));
  };
  const total = orderTotal(item.products, {
    items: item.products.map((product) => ({ productId: product.productId, quantity: quantity(product) })),
  });
  return (
    <Field group {...fieldOf(item, error)}>
      {() => (
        <>
          <ul className="city-products">
            {item.products.map((product) => {
              const count = quantity(product);
              const max = maxQuantity(product);
              return (
                <li key={product.productId} className="city-product">
                  <div>
                    <p className="city-product__name">{product.name}</p>
                    <p className="city-field__description">{uiMessages.unitPrice(formatYen(product.unitPrice))}</p>
                  </div>
                  <div className="city-stepper">
                    {/* aria-disabled, not disabled: the button keeps the focus at 0 and at the product's maximum. */}
                    <button type="button" className="city-button city-button--secondary" aria-label={uiMessages.decrease(product.name)} aria-disabled={disabled || count === 0} onClick={() => { if (!disabled && count > 0) setQuantity(product, count - 1); }}>
                      −
                    </button>
                    <output aria-label={uiMessages.partOf(product.name, uiMessages.quantity)}>{count}</output>
                    <button type="button" className="city-button city-button--secondary" aria-label={uiMessages.increase(product.name)} aria-disabled={disabled || count >= max} onClick={() => { if (!disabled && count < max) setQuantity(product, count + 1); }}>
                      ＋
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="city-products__total" aria-live="polite">
            {uiMessages.total} {formatYen(total)}（{uiMessages.taxIncluded}）
          </p>
        </>
      )}
    </Field>
  );
}
