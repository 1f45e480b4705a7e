// Decoded arrays. Data is always row-major (C order). float64 stays Float64Array: narrowing it
// would change similarity scores and tie-breaking. float16 widens to Float32Array losslessly.
export type NpyFloatArray =
  | { kind: "float"; dtype: "float64"; shape: number[]; data: Float64Array }
  | { kind: "float"; dtype: "float16" | "float32"; shape: number[]; data: Float32Array };

export interface NpyStringArray {
  kind: "string";
  shape: number[];
  data: string[];
}

export type NpyArray = NpyFloatArray | NpyStringArray;

export type FloatDtype = NpyFloatArray["dtype"];
