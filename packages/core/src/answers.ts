import type { AnswerValue, Answers, FileRef } from './types.js';

/** The answer for one item, read only from the object's own keys (an itemKey may be "toString"). */
export function answerFor(answers: Answers, itemKey: string): AnswerValue | undefined {
  return Object.hasOwn(answers, itemKey) ? answers[itemKey] : undefined;
}

/** The distinct, non-blank text values of an answer, in the order given. Files are not text. */
export function textValues(answer: AnswerValue | undefined): string[] {
  if (answer === undefined) return [];
  const candidates: unknown[] = typeof answer === 'string' ? [answer] : answer;
  const values: string[] = [];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim() !== '' && !values.includes(candidate)) {
      values.push(candidate);
    }
  }
  return values;
}

export function isFileRef(candidate: unknown): candidate is FileRef {
  if (typeof candidate !== 'object' || candidate === null) return false;
  const { name, url } = candidate as Record<string, unknown>;
  return typeof name === 'string' && typeof url === 'string';
}

/** The uploaded files of an answer; anything that is not a file reference is left out. */
export function fileValues(answer: AnswerValue | undefined): FileRef[] {
  if (!Array.isArray(answer)) return [];
  return (answer as unknown[]).filter(isFileRef);
}
