import type { ChangeEvent } from 'react';

/** Props every item input takes. */
export interface ItemInputProps<Item, Value> {
  item: Item;
  value: Value | undefined;
  onChange: (value: Value) => void;
  onBlur?: (() => void) | undefined;
  error?: string | undefined;
  /** Not editable: shown, not changeable (an `isNotEditable` item of a sent record). */
  disabled?: boolean | undefined;
}

/** The Field an item gets: its title as the label, 必須/任意, its description, and the error. */
export function fieldOf(item: { title: string; required?: boolean | undefined; description?: string | undefined }, error: string | undefined) {
  return { label: item.title, required: item.required, description: item.description, error };
}

/** What an input, select or textarea needs to show a text answer and report changes to it. */
export function textControl({ value, onChange, onBlur, disabled }: Omit<ItemInputProps<unknown, string>, 'item' | 'error'>) {
  return {
    value: value ?? '',
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      onChange(event.target.value);
    },
    onBlur,
  };
}
