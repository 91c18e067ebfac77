// Stripe's request encoding: form fields with bracketed keys (`line_items[0][price_data][currency]`),
// as stripe-node writes them for POST bodies and GET query strings. Numeric segments make arrays.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function segmentsOf(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const head = key.slice(0, first);
  const rest = [...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

/** Parses `a[b][0]=x&a[b][1]=y` into `{ a: { b: ['x', 'y'] } }`. */
export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = segmentsOf(key);
    let node: FormObject | FormValue[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[index + 1] ?? '');
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as FormObject | FormValue[];
    });
  }
  return root;
}
