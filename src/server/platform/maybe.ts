/** A value now (SQLite, in this process) or later (PostgreSQL, over the network). */
export type Maybe<T> = T | Promise<T>;

/** `next` of `value`: at once when the value is there (SQLite's hot path allocates no promise), else when it comes. */
export function andThen<T, R>(value: Maybe<T>, next: (ready: T) => Maybe<R>): Maybe<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** `T`'s methods, each answering now or later with what `T`'s answers. */
export type EitherWay<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Maybe<Awaited<R>> : T[K];
};
