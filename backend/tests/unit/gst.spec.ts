/*
 * GST arithmetic and GSTIN checks (docs/decisions.md D33): the split of every plan price for buyers inside and outside
 * the seller's state, the parts always adding up to the price, and GSTINs good, mistyped and of another state.
 */
import { test } from '@japa/runner'
import { GST_STATES, gstinCheckCharacter, gstinProblem, GSTIN_CHECK_FAILED, GSTIN_INVALID, gstStateName, splitGst } from '#contract/gst'

const PLAN_PRICES = { 'monthly': 49900, '6-month': 249900, '12-month': 449900 } as const

test.group('GST: the tax in a price that includes 18%', () => {
  test('{name}: taxable value, CGST + SGST within the state, IGST across')
    .with([
      { name: 'monthly', price: PLAN_PRICES.monthly, taxable: 42288, cgst: 3806, sgst: 3806, igst: 7612 },
      { name: '6-month', price: PLAN_PRICES['6-month'], taxable: 211780, cgst: 19060, sgst: 19060, igst: 38120 },
      { name: '12-month', price: PLAN_PRICES['12-month'], taxable: 381271, cgst: 34314, sgst: 34315, igst: 68629 },
    ])
    .run(({ assert }, row) => {
      assert.deepEqual(splitGst(row.price, true), { taxableValue: row.taxable, cgst: row.cgst, sgst: row.sgst, igst: 0, total: row.price })
      assert.deepEqual(splitGst(row.price, false), { taxableValue: row.taxable, cgst: 0, sgst: 0, igst: row.igst, total: row.price })
    })

  test('an odd tax puts the extra paisa in SGST (CGST is the floor of half)', ({ assert }) => {
    // 100 paise: taxable round(84.745…) = 85, tax 15: CGST 7, SGST 8.
    assert.deepEqual(splitGst(100, true), { taxableValue: 85, cgst: 7, sgst: 8, igst: 0, total: 100 })
  })

  test('the parts add up to the price for every price from ₹1 to ₹10,000 (paise), both ways', ({ assert }) => {
    for (let price = 100; price <= 1_000_000; price += 7) {
      for (const intra of [true, false]) {
        const split = splitGst(price, intra)
        assert.equal(split.taxableValue + split.cgst + split.sgst + split.igst, price)
        assert.equal(split.taxableValue, Math.round((price * 100) / 118))
        if (intra) assert.isAtMost(split.sgst - split.cgst, 1)
      }
    }
  })
})

test.group('GST: GSTINs and states', () => {
  test('a good GSTIN passes in its state', ({ assert }) => {
    assert.isNull(gstinProblem('27AAPFU0939F1ZV', '27'))
    assert.isNull(gstinProblem('29AAGCR4375J1ZU', '29'))
    assert.equal(gstinCheckCharacter('27AAPFU0939F1Z'), 'V')
  })

  test('a wrong check character, a wrong shape and another state are refused, each with its sentence', ({ assert }) => {
    assert.equal(gstinProblem('27AAPFU0939F1ZW', '27'), GSTIN_CHECK_FAILED)
    assert.equal(gstinProblem('27AAPFU0939F1Z', '27'), GSTIN_INVALID)
    assert.equal(gstinProblem('27aapfu0939f1zv', '27'), GSTIN_INVALID)
    assert.equal(gstinProblem('27AAPFU0939F0ZV', '27'), GSTIN_INVALID) // entity number 0
    assert.match(gstinProblem('27AAPFU0939F1ZV', '29')!, /not registered in Karnataka/)
  })

  test('every state and union territory has a unique two-digit code and a name', ({ assert }) => {
    const codes = GST_STATES.map((state) => state.code)
    assert.equal(new Set(codes).size, codes.length)
    for (const state of GST_STATES) assert.match(state.code, /^[0-9]{2}$/)
    assert.equal(gstStateName('07'), 'Delhi')
    assert.equal(gstStateName('38'), 'Ladakh')
    assert.isNull(gstStateName('25'))
  })
})
