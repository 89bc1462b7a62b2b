/**
 * Card numbers in text: a run of 13 to 19 digits (spaces or dashes allowed between them) that passes
 * the Luhn check. With a real card provider the shop must never receive one (PCI DSS SAQ-A), so
 * input carrying one is refused and a logged address has it masked.
 */
const CANDIDATE = /\d(?:[ -]?\d){12,}/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Whether the text holds something that looks like a card number: a whole run of 13–19 digits
 * starting 2–6 (the card networks' ranges) that passes Luhn. A run after "+" is a phone number, and
 * a longer run (an IBAN's digits, a tracking number) is not a card.
 */
export function hasCardNumber(text: string): boolean {
  if (text.length < 13) return false;
  for (const match of text.matchAll(CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (digits.length > 19 || !/^[2-6]/.test(digits)) continue;
    if (match.index > 0 && text[match.index - 1] === "+") continue;
    if (luhn(digits)) return true;
  }
  return false;
}

/** The text with every run of 13 or more digits masked (for logs). */
export const maskCardNumbers = (text: string): string =>
  text.length < 13 ? text : text.replace(/\d(?:(?:[ -]|%20)?\d){12,}/g, "[card number masked]");
