// How values read and are read as text: dates and amounts shown, phone numbers, uploaded file names and text encodings.
export * from './format';
export * from './phone';
export * from './files';
export * from './text-decoding';
