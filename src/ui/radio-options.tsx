import { RADIOS } from '../api/cell-facts';

/** A radio `<select>`'s options: `any` (the empty value) first, then each radio technology the lookup takes. */
export function RadioOptions({ any }: { any: string }) {
  return (
    <>
      <option value="">{any}</option>
      {RADIOS.map((radio) => (
        <option key={radio} value={radio}>
          {radio}
        </option>
      ))}
    </>
  );
}
