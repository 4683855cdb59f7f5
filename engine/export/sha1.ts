import { sha1 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Lowercase hex SHA-1 of the UTF-8 text: the SDK keys environment tasks and their split with it. */
export const sha1Hex = (text: string): string => bytesToHex(sha1(utf8ToBytes(text)));
