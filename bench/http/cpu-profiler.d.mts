/** A call from the parent: start the profiler, or stop it and write the profile to `path`. */
export type ProfilerCall =
  | { readonly profiler: 'start' }
  | { readonly profiler: 'stop'; readonly path: string };

/** Starts the V8 CPU profiler, or stops it and writes the profile to `call.path`. */
export function profilerCall(call: ProfilerCall): Promise<string>;
