/*
 * Amounts of integer paise as an Indian invoice writes them: in figures with Indian digit grouping ("₹1,23,456.78")
 * and in words with the Indian scale of thousand, lakh and crore ("Rupees One Lakh Twenty-Three Thousand … Only").
 * Integer arithmetic only, so every amount is exact.
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
]
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety']

/** Largest first; a crore count of 100 or more is itself written in this scale ("One Hundred Crore"). */
const SCALE = [
  { size: 10_000_000, name: 'Crore' },
  { size: 100_000, name: 'Lakh' },
  { size: 1_000, name: 'Thousand' },
  { size: 100, name: 'Hundred' },
]

function paiseOf(paise: number) {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount of paise: ${paise}`)
  return { rupees: Math.floor(paise / 100), paise: paise % 100 }
}

/** 1 to 99: "Seven", "Forty", "Ninety-Nine". */
const belowHundred = (n: number) => (n < 20 ? ONES[n] : TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : ''))

/** A positive whole number in words: 249_900 → "Two Lakh Forty-Nine Thousand Nine Hundred". */
function words(n: number): string {
  const parts: string[] = []
  for (const { size, name } of SCALE) {
    if (n >= size) {
      parts.push(`${words(Math.floor(n / size))} ${name}`)
      n %= size
    }
  }
  if (n > 0) parts.push(belowHundred(n))
  return parts.join(' ')
}

/**
 * 249900 → "Rupees Two Thousand Four Hundred Ninety-Nine Only"; 100050 → "Rupees One Thousand and Fifty Paise Only";
 * 0 → "Rupees Zero Only".
 */
export function rupeesInWords(amount: number): string {
  const { rupees, paise } = paiseOf(amount)
  const whole = rupees === 0 ? 'Zero' : words(rupees)
  return paise === 0 ? `Rupees ${whole} Only` : `Rupees ${whole} and ${belowHundred(paise)} Paise Only`
}

/** "1234567" → "12,34,567": the last three digits, then pairs. */
const groupIndian = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`

/** 249900 → "₹2,499.00"; 12345678 → "₹1,23,456.78". */
export function formatRupees(amount: number): string {
  const { rupees, paise } = paiseOf(amount)
  return `₹${groupIndian(String(rupees))}.${String(paise).padStart(2, '0')}`
}
