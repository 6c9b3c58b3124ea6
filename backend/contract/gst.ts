/*
 * GST for the product's own invoices (docs/decisions.md D33): the states and union territories with their GST state
 * codes, GSTIN validation, and the tax in a price that includes 18% GST, split CGST + SGST within the seller's state
 * or IGST across states, in integer paise. No framework imports: the dashboard bundles this file for its forms.
 */

/** The GST state codes of India's states and union territories (25, Daman and Diu, and 28, old Andhra Pradesh, are retired). */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const

export type GstStateCode = (typeof GST_STATES)[number]['code']

export const gstStateName = (code: string): string | null => GST_STATES.find((state) => state.code === code)?.name ?? null

/** Plan prices include GST at this rate (percent). */
export const GST_RATE_PERCENT = 18

/** Shown next to every price. */
export const INCL_GST = 'incl. GST'

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The GSTIN's check character: the mod-36 checksum of its first 14 characters (weights 1, 2, 1, 2, …). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let index = 0; index < 14; index++) {
    const product = GSTIN_CHARS.indexOf(first14[index]) * ((index % 2) + 1)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]
}

export const GSTIN_INVALID = 'Enter a valid 15-character GSTIN, e.g. 29AAGCR4375J1ZU.'
export const GSTIN_CHECK_FAILED = 'This GSTIN’s last character does not match: please check it for a typing mistake.'
export const gstinWrongState = (stateName: string) =>
  `This GSTIN is not registered in ${stateName}: its first two digits are the state code.`

/**
 * Why a GSTIN cannot be the buyer's in this state, or null when it can: 15 characters of the right shape, the right
 * check character, and the state's code as its first two digits. Upper-case it before asking.
 */
export function gstinProblem(gstin: string, stateCode: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GSTIN_INVALID
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_CHECK_FAILED
  const state = gstStateName(stateCode)
  if (state && gstin.slice(0, 2) !== stateCode) return gstinWrongState(state)
  return null
}

export interface TaxSplit {
  taxableValue: number
  cgst: number
  sgst: number
  igst: number
  total: number
}

/**
 * The tax in a price (paise) that includes 18% GST: taxable value = round(P × 100 / 118), tax = P − taxable; within
 * the seller's state CGST = floor(tax / 2) and SGST the rest, otherwise IGST = tax. The parts always add up to P.
 */
export function splitGst(pricePaise: number, intraState: boolean): TaxSplit {
  const taxableValue = Math.round((pricePaise * 100) / (100 + GST_RATE_PERCENT))
  const tax = pricePaise - taxableValue
  const cgst = intraState ? Math.floor(tax / 2) : 0
  return { taxableValue, cgst, sgst: intraState ? tax - cgst : 0, igst: intraState ? 0 : tax, total: pricePaise }
}
