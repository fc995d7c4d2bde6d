/** The shape of a dictionary with every leaf a string: what each translation must fill. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
