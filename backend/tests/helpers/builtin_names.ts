/**
 * Names every JavaScript object answers to without owning them: a request that uses one as a field, a sort key,
 * a code or a language must be treated as the unknown name it is (docs/decisions.md, "request names").
 */
export const BUILTIN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'length',
  'then',
  'call',
  'apply',
  'bind',
] as const
