export { TextBuffer } from '@redline/shared-protocol';
