export type Dictionary = Record<string, string>;

/** The contracts' validation texts first, then every locale file (page texts win on equal keys). */
export function mergeDictionaries(base: Dictionary, files: Record<string, Dictionary>): Dictionary {
  const out: Dictionary = { ...base };
  for (const path of Object.keys(files).sort()) Object.assign(out, files[path]);
  return out;
}
