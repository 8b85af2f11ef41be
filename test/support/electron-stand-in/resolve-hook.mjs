// Module resolution hook (see register.mjs): `electron` and its sub-paths become the stand-in.
let electron;

export function initialize(data) {
  electron = data.electron;
}

export function resolve(specifier, context, next) {
  if (specifier === 'electron' || specifier.startsWith('electron/'))
    return { url: electron, format: 'module', shortCircuit: true };
  return next(specifier, context);
}
