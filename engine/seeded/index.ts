export { hashInt, hashPick, hashUnit, sha256Hex, shortHash } from './hash';
export { SeededRandom } from './random';
export { stableJson } from './stable-json';
