// The values the designed record groups take (boletos, receipts, invoices, utility bills, OCR),
// as plain data: the wire schemas build their enums from these, and the command declarations
// (loaded for --help, without zod) offer them as choices.

export const BOLETO_STATUSES = ['open', 'paid', 'overdue', 'canceled'] as const;
/** Whose slip it is for the account: one it issued (to receive) or one it was sent (to pay). */
export const BOLETO_DIRECTIONS = ['receivable', 'payable'] as const;

/** manual: sent by the customer and processed by the service; automatico: captured by bank connection. */
export const RECEIPT_SOURCES = ['manual', 'automatico'] as const;
export const RECEIPT_KINDS = ['boleto', 'pix', 'ted'] as const;

export const UTILITY_KINDS = ['electricity', 'telephony', 'water', 'gas', 'internet'] as const;
export const UTILITY_STATUSES = ['open', 'paid', 'overdue'] as const;

export const OCR_KINDS = ['invoice', 'utility'] as const;
/** Where an invoice or utility bill came from: the service's own capture, or a PDF sent to the OCR. */
export const RECORD_SOURCES = ['capture', 'upload'] as const;
