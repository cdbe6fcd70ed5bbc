/** Token buckets kept where every replica sees them (guard/limits.ts charges them). */
export interface SharedBuckets {
  /**
   * Takes a token from `take` (when it has one) and says how many `peek` holds, in one step: the tokens each has
   * now, after the one taken; `peek` absent: NaN.
   */
  charge(take: BucketSpec, peek?: BucketSpec): Promise<{ taken: boolean; tokens: number; peeked: number }>;
  /** How many tokens a bucket holds now, taking none. */
  tokens(bucket: BucketSpec): Promise<number>;
}

export interface BucketSpec {
  /** What the bucket is for: a scope and a value (an address, a key), hashed before it is kept. */
  name: string;
  perSecond: number;
  burst: number;
}
