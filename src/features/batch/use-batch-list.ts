import { useState } from 'react';
import { parseBatch, type ParseResult } from './parse';

/**
 * The list as the person gave it (typed, pasted or read from a file), and what reading it found. A new list
 * drops what was read of the last one.
 */
export function useBatchList() {
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParseResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return {
    text,
    parsed,
    problem,
    /** Reads the list: what it names, and the lines that cannot be read. */
    check(): ParseResult {
      setProblem(null);
      const result = parseBatch(text);
      setParsed(result);
      return result;
    },
    typed(next: string): void {
      setText(next);
      setParsed(null);
    },
    /** A file was read (its text), or could not be (why). */
    read(next: { text: string } | { problem: string }): void {
      setParsed(null);
      if ('text' in next) setText(next.text);
      setProblem('problem' in next ? next.problem : null);
    },
    /** Another user: the list was the last one's. */
    reset(): void {
      setText('');
      setParsed(null);
      setProblem(null);
    },
  };
}
