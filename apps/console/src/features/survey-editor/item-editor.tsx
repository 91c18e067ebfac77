import type { ItemType, Product, SurveySchemaItem } from '@city/survey-core';
import { ITEM_TYPES, PROFILE_FIELDS, TEXT_FORMATS } from '@city/survey-core';
import { Button } from '@city/ui';
import { messages } from '../../messages.js';
import type { CalendarCategories } from '../../store/staff-api.js';
import type { DraftItem } from './editor-draft.js';
import { moved, newProduct, retyped, withField, withValue } from './editor-draft.js';
import { CheckField, ListButtons, movedFocusKeys, NumberField, SelectField, TextAreaField, TextField } from '../../components/form-fields.js';

type Category = CalendarCategories['categories'][number];

/** A category as staff read it: its levels joined (健康診断 / 特定健診 / 中央保健センター). */
const categoryText = (category: Category) => {
  const label = [category.tag1, category.tag2, category.tag3].filter((tag) => tag !== undefined && tag !== '').join(' / ');
  // A level above the venues (no calendar of its own): the citizen picks a venue below it.
  return category.calendarId === undefined ? messages.categoryAbove(label) : label;
};

export interface ItemEditorProps {
  entry: DraftItem;
  /** 1-based, as the heading says it. */
  position: number;
  count: number;
  problems: readonly string[];
  /** The calendar categories a reservation item books in (undefined while loading or failed). */
  categories: readonly Category[] | undefined;
  categoriesFailed: boolean;
  /** A product id no product of the survey has. */
  nextProductId: () => string;
  onChange: (item: SurveySchemaItem) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** Focus for after the change (data-focus keys, the first enabled one wins). */
  focus: (...keys: string[]) => void;
}

/** The key of an item's control, for the focus to find it after a change. */
export const itemFocusKey = (uid: string, part: string) => `item:${uid}:${part}`;

/** One item of the survey: its type, key, wording, flags, and what its type needs (options, products, a category). */
export function ItemEditor({ entry, position, count, problems, categories, categoriesFailed, nextProductId, onChange, onMove, onRemove, focus }: ItemEditorProps) {
  const { item, uid, answered } = entry;
  const name = messages.itemName(position, item.title);
  const headingId = `item-${uid}-heading`;
  const problemsId = `item-${uid}-problems`;
  const answeredId = `item-${uid}-answered`;
  const set = (field: string, value: unknown) => {
    onChange(withField(item, field, value));
  };
  const guide = item.type === 'guide';
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-describedby={problems.length === 0 ? undefined : problemsId}
      className={problems.length === 0 ? 'console-item' : 'console-item console-item--problem'}
      data-item-uid={uid}
    >
      <div className="console-item__head">
        <h3 id={headingId} tabIndex={-1} data-focus={itemFocusKey(uid, 'heading')}>
          {messages.itemHeading(name, messages.itemTypes[item.type])}
        </h3>
        <ListButtons name={name} index={position - 1} count={count} focusKey={`item:${uid}`} onMove={onMove} onRemove={onRemove} />
      </div>
      {problems.length === 0 ? null : (
        <ul id={problemsId} className="console-problems">
          {problems.map((problem, index) => (
            <li key={index} className="city-field__error">
              {problem}
            </li>
          ))}
        </ul>
      )}
      <div className="console-item__fields">
        <SelectField
          label={messages.itemType}
          value={item.type}
          disabled={answered}
          describedBy={answered ? answeredId : undefined}
          onChange={(type) => {
            onChange(retyped(item, type as ItemType, nextProductId()));
          }}
        >
          {ITEM_TYPES.map((type) => (
            <option key={type} value={type}>
              {messages.itemTypes[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={messages.itemKey}
          value={item.itemKey}
          // Read-only rather than disabled: it can still be read and copied.
          readOnly={answered}
          describedBy={answered ? answeredId : undefined}
          onChange={(itemKey) => {
            set('itemKey', itemKey);
          }}
        />
        {answered ? (
          <p id={answeredId} className="console-note console-field--wide">
            {messages.itemAnswered}
          </p>
        ) : null}
        <div className="console-field--wide">
          <TextField
            label={guide ? messages.guideTitle : messages.itemTitle}
            focusKey={itemFocusKey(uid, 'title')}
            value={item.title}
            onChange={(title) => {
              set('title', title);
            }}
          />
        </div>
        <TextAreaField
          label={guide ? messages.guideDescription : messages.itemDescription}
          value={item.description ?? ''}
          onChange={(description) => {
            set('description', description);
          }}
        />
        <div className="console-flags console-field--wide">
          {guide ? null : (
            <CheckField
              label={messages.itemRequired}
              checked={item.required === true}
              onChange={(required) => {
                set('required', required);
              }}
            />
          )}
          <CheckField
            label={messages.itemAdmin}
            checked={item.isAdminItem === true}
            onChange={(admin) => {
              set('isAdminItem', admin);
            }}
          />
          {guide ? null : (
            <CheckField
              label={messages.itemNotEditable}
              checked={item.isNotEditable === true}
              onChange={(locked) => {
                set('isNotEditable', locked);
              }}
            />
          )}
        </div>
        <TypeSettings item={item} uid={uid} categories={categories} categoriesFailed={categoriesFailed} nextProductId={nextProductId} set={set} focus={focus} />
      </div>
    </div>
  );
}

interface TypeSettingsProps {
  item: SurveySchemaItem;
  uid: string;
  categories: readonly Category[] | undefined;
  categoriesFailed: boolean;
  nextProductId: () => string;
  set: (field: string, value: unknown) => void;
  focus: (...keys: string[]) => void;
}

/** What the item's type adds: a text format and lengths, options, products, a reservation's category. */
function TypeSettings({ item, uid, categories, categoriesFailed, nextProductId, set, focus }: TypeSettingsProps) {
  switch (item.type) {
    case 'text':
    case 'textarea':
      return (
        <>
          {item.type === 'text' ? (
            <SelectField
              label={messages.profileField}
              note={messages.profileFieldNote}
              value={item.profileField ?? 'none'}
              onChange={(field) => {
                set('profileField', field === 'none' ? undefined : field);
              }}
            >
              {(['none', ...PROFILE_FIELDS.filter((field) => field !== 'birthday')] as const).map((field) => (
                <option key={field} value={field}>
                  {messages.profileFields[field]}
                </option>
              ))}
            </SelectField>
          ) : null}
          {item.type === 'text' ? (
            <SelectField
              label={messages.textFormat}
              value={item.format ?? 'plain'}
              onChange={(format) => {
                // Plain is the default: stored as no format at all, as the demo forms have it.
                set('format', format === 'plain' ? undefined : format);
              }}
            >
              {TEXT_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {messages.textFormats[format]}
                </option>
              ))}
            </SelectField>
          ) : null}
          <div className="console-field-row">
            <NumberField
              label={messages.minLength}
              value={item.minLength}
              onChange={(value) => {
                set('minLength', value);
              }}
            />
            <NumberField
              label={messages.maxLength}
              value={item.maxLength}
              onChange={(value) => {
                set('maxLength', value);
              }}
            />
          </div>
        </>
      );
    case 'radio':
    case 'dropdown':
    case 'checkboxes':
      return (
        <>
          <OptionsEditor
            uid={uid}
            options={item.options}
            onChange={(options) => {
              set('options', options);
            }}
            focus={focus}
          />
          {item.type === 'checkboxes' ? (
            <div className="console-field-row">
              <NumberField
                label={messages.minChoices}
                value={item.minChoices}
                onChange={(value) => {
                  set('minChoices', value);
                }}
              />
              <NumberField
                label={messages.maxChoices}
                value={item.maxChoices}
                onChange={(value) => {
                  set('maxChoices', value);
                }}
              />
            </div>
          ) : null}
        </>
      );
    case 'selectProducts':
      return (
        <ProductsEditor
          uid={uid}
          products={item.products}
          nextProductId={nextProductId}
          onChange={(products) => {
            set('products', products);
          }}
          focus={focus}
        />
      );
    case 'reservation': {
      const known = categories?.some((category) => category.categoryId === item.categoryId) ?? false;
      return (
        <>
          <SelectField
            label={messages.categoryLabel}
            value={item.categoryId ?? ''}
            note={categoriesFailed ? messages.categoriesFailed : undefined}
            onChange={(categoryId) => {
              set('categoryId', categoryId);
            }}
          >
            <option value="">{messages.categoryUnset}</option>
            {(categories ?? []).map((category) => (
              <option key={category.categoryId} value={category.categoryId}>
                {categoryText(category)}
              </option>
            ))}
            {/* One the list does not have (yet): kept, so opening the editor changes nothing. */}
            {item.categoryId !== undefined && !known ? <option value={item.categoryId}>{item.categoryId}</option> : null}
          </SelectField>
          <NumberField
            label={messages.reservationCost}
            value={item.cost}
            min={1}
            onChange={(cost) => {
              set('cost', cost);
            }}
          />
        </>
      );
    }
    case 'birthday':
      return (
        <CheckField
          label={messages.profileFieldBirthday}
          checked={item.profileField === 'birthday'}
          onChange={(checked) => {
            set('profileField', checked ? 'birthday' : undefined);
          }}
        />
      );
    default:
      return null;
  }
}

function OptionsEditor({ uid, options, onChange, focus }: { uid: string; options: readonly string[]; onChange: (options: string[]) => void; focus: (...keys: string[]) => void }) {
  const key = (index: number) => `item:${uid}:option:${String(index)}`;
  return (
    <fieldset className="console-field console-field--wide console-list">
      <legend className="console-label">{messages.optionsLegend}</legend>
      <ol className="console-list__entries">
        {options.map((option, index) => (
          // By position: an option is only its text, which is being typed.
          <li key={index} className="console-list__entry">
            <input
              className="city-input"
              aria-label={messages.optionName(index + 1)}
              data-focus={key(index)}
              value={option}
              onChange={(event) => {
                onChange(options.map((candidate, position) => (position === index ? event.target.value : candidate)));
              }}
            />
            <ListButtons
              name={messages.optionName(index + 1)}
              index={index}
              count={options.length}
              focusKey={key(index)}
              onMove={(delta) => {
                onChange(moved(options, index, delta));
                focus(...movedFocusKeys(key(index + delta), delta));
              }}
              onRemove={() => {
                onChange(options.filter((_option, position) => position !== index));
                focus(key(index), key(index - 1), `item:${uid}:add-option`);
              }}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        data-focus={`item:${uid}:add-option`}
        onClick={() => {
          onChange([...options, '']);
          focus(key(options.length));
        }}
      >
        {messages.addOption}
      </Button>
    </fieldset>
  );
}

function ProductsEditor({ uid, products, nextProductId, onChange, focus }: { uid: string; products: readonly Product[]; nextProductId: () => string; onChange: (products: Product[]) => void; focus: (...keys: string[]) => void }) {
  const key = (index: number) => `item:${uid}:product:${String(index)}`;
  const change = (index: number, field: keyof Product, value: unknown) => {
    onChange(products.map((product, position) => (position === index ? withValue(product, field, value) : product)));
  };
  return (
    <fieldset className="console-field console-field--wide console-list">
      <legend className="console-label">{messages.productsLegend}</legend>
      {products.map((product, index) => {
        const name = messages.productName(index + 1, product.name);
        return (
          <fieldset key={index} className="console-product">
            <legend>{name}</legend>
            <div className="console-field-row">
              <TextField
                label={messages.productId}
                value={product.productId}
                onChange={(productId) => {
                  change(index, 'productId', productId);
                }}
              />
              <TextField
                label={messages.productLabel}
                focusKey={key(index)}
                value={product.name}
                onChange={(productName) => {
                  change(index, 'name', productName);
                }}
              />
              <NumberField
                label={messages.productPrice}
                value={product.unitPrice}
                onChange={(price) => {
                  change(index, 'unitPrice', price ?? 0);
                }}
              />
              <NumberField
                label={messages.productMaxQuantity}
                value={product.maxQuantity}
                min={1}
                onChange={(quantity) => {
                  change(index, 'maxQuantity', quantity);
                }}
              />
            </div>
            <ListButtons
              name={name}
              index={index}
              count={products.length}
              focusKey={key(index)}
              onMove={(delta) => {
                onChange(moved(products, index, delta));
                focus(...movedFocusKeys(key(index + delta), delta));
              }}
              onRemove={() => {
                onChange(products.filter((_product, position) => position !== index));
                focus(key(index), key(index - 1), `item:${uid}:add-product`);
              }}
            />
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        data-focus={`item:${uid}:add-product`}
        onClick={() => {
          onChange([...products, newProduct(nextProductId())]);
          focus(key(products.length));
        }}
      >
        {messages.addProduct}
      </Button>
    </fieldset>
  );
}
