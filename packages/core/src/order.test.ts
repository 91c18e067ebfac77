import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderMessages } from './messages.js';
import { DEFAULT_MAX_QUANTITY, priceOrder } from './order.js';
import type { Order, SurveySchemaItem } from './types.js';

const schema: SurveySchemaItem[] = [
  { itemKey: 'name', type: 'text', title: '氏名' },
  {
    itemKey: 'fee',
    type: 'selectProducts',
    title: '受診料',
    products: [
      { productId: 'checkup', name: '健康診断', unitPrice: 1500, maxQuantity: 1 },
      { productId: 'bag', name: 'ごみ袋（大）', unitPrice: 500 },
    ],
  },
  { itemKey: 'extra', type: 'selectProducts', title: '追加', products: [{ productId: 'free', name: '資料', unitPrice: 0, maxQuantity: 3 }] },
];

describe('priceOrder', () => {
  it('prices every line from the survey, across selectProducts items, in the order given', () => {
    expect(priceOrder(schema, { items: [{ productId: 'bag', quantity: 3 }, { productId: 'checkup', quantity: 1 }, { productId: 'free', quantity: 3 }] })).toEqual({
      ok: true,
      order: {
        lines: [
          { productId: 'bag', name: 'ごみ袋（大）', unitPrice: 500, quantity: 3, subtotal: 1500 },
          { productId: 'checkup', name: '健康診断', unitPrice: 1500, quantity: 1, subtotal: 1500 },
          { productId: 'free', name: '資料', unitPrice: 0, quantity: 3, subtotal: 0 },
        ],
        total: 3000,
      },
    });
  });

  it('prices an empty order at 0 yen', () => {
    expect(priceOrder(schema, { items: [] })).toEqual({ ok: true, order: { lines: [], total: 0 } });
  });

  it(`allows ${DEFAULT_MAX_QUANTITY} units of a product that sets no maxQuantity, and not one more`, () => {
    expect(priceOrder(schema, { items: [{ productId: 'bag', quantity: DEFAULT_MAX_QUANTITY }] }).ok).toBe(true);
    expect(priceOrder(schema, { items: [{ productId: 'bag', quantity: DEFAULT_MAX_QUANTITY + 1 }] })).toEqual({
      ok: false,
      problems: [orderMessages.quantity('ごみ袋（大）', DEFAULT_MAX_QUANTITY)],
    });
  });

  it.each([0, -1, 1.5, 2, Number.NaN, Number.POSITIVE_INFINITY])('refuses quantity %s of a product limited to 1', (quantity) => {
    expect(priceOrder(schema, { items: [{ productId: 'checkup', quantity }] })).toEqual({
      ok: false,
      problems: ['「健康診断」の数量は1から1までの整数で指定してください'],
    });
  });

  it('refuses a product the survey does not sell, and the same product twice, naming each', () => {
    expect(
      priceOrder(schema, { items: [{ productId: 'gold', quantity: 1 }, { productId: 'bag', quantity: 1 }, { productId: 'bag', quantity: 2 }] }),
    ).toEqual({
      ok: false,
      problems: [orderMessages.unknownProduct('gold'), orderMessages.duplicateProduct('ごみ袋（大）')],
    });
  });

  it('makes the total the integer sum of the subtotals, and nothing the client adds changes a price', () => {
    const products = fc.uniqueArray(
      fc.record({ productId: fc.string({ minLength: 1, maxLength: 4 }), name: fc.string({ maxLength: 6 }), unitPrice: fc.integer({ min: 0, max: 1_000_000 }), maxQuantity: fc.integer({ min: 1, max: 20 }) }, { requiredKeys: ['productId', 'name', 'unitPrice'] }),
      { selector: (product) => product.productId, minLength: 1, maxLength: 6 },
    );
    const clientExtras = fc.record({ unitPrice: fc.integer({ min: -1000, max: 1000 }), subtotal: fc.integer(), name: fc.string(), total: fc.integer() }, { requiredKeys: [] });
    fc.assert(
      fc.property(products, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 20 }), clientExtras), { maxLength: 8 }), clientExtras, (catalog, picks, orderExtras) => {
        const survey: SurveySchemaItem[] = [{ itemKey: 'goods', type: 'selectProducts', title: '購入', products: catalog }];
        const chosen = new Map<string, number>();
        for (const [index, quantity] of picks) {
          const product = catalog[index % catalog.length]!;
          chosen.set(product.productId, Math.min(quantity, product.maxQuantity ?? DEFAULT_MAX_QUANTITY));
        }
        const plain: Order = { items: [...chosen].map(([productId, quantity]) => ({ productId, quantity })) };
        // The same order as a client might send it: every line and the order carrying prices of its own.
        const dressed = { ...orderExtras, items: plain.items.map((line, i) => ({ ...picks[i]?.[2], ...line })) } as Order;

        const priced = priceOrder(survey, plain);
        expect(priceOrder(survey, dressed)).toEqual(priced);
        if (!priced.ok) throw new Error(priced.problems.join());
        for (const line of priced.order.lines) {
          const product = catalog.find((p) => p.productId === line.productId)!;
          expect(line.unitPrice).toBe(product.unitPrice);
          expect(line.subtotal).toBe(product.unitPrice * line.quantity);
        }
        expect(Number.isInteger(priced.order.total)).toBe(true);
        expect(priced.order.total).toBe(priced.order.lines.reduce((sum, line) => sum + line.subtotal, 0));
      }),
    );
  });
});
