/*
 * Amounts of paise in words and in figures, as invoices print them: Indian scale (thousand, lakh, crore) and Indian
 * digit grouping, exact to the paisa.
 */
import { test } from '@japa/runner'
import { formatRupees, rupeesInWords } from '#lib/amount_in_words'

test.group('rupeesInWords', () => {
  test('{0} paise is "{1}"')
    .with([
      [249900, 'Rupees Two Thousand Four Hundred Ninety-Nine Only'],
      [100050, 'Rupees One Thousand and Fifty Paise Only'],
      [0, 'Rupees Zero Only'],
      [100, 'Rupees One Only'],
      [1, 'Rupees Zero and One Paise Only'],
      [1900, 'Rupees Nineteen Only'],
      [2000, 'Rupees Twenty Only'],
      [10100, 'Rupees One Hundred One Only'],
      [11000, 'Rupees One Hundred Ten Only'],
      [211780, 'Rupees Two Thousand One Hundred Seventeen and Eighty Paise Only'],
      [1_00_000_00, 'Rupees One Lakh Only'],
      [12_345_678, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'],
      [10_00_000_00, 'Rupees Ten Lakh Only'],
      [1_00_00_000_00, 'Rupees One Crore Only'],
      [1_01_01_101_00, 'Rupees One Crore One Lakh One Thousand One Hundred One Only'],
      [
        99_99_99_999_99,
        'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
      ],
      [1_00_00_00_000_00, 'Rupees One Hundred Crore Only'],
      [12_34_56_78_901_00, 'Rupees One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One Only'],
    ] as [number, string][])
    .run(({ assert }, [paise, words]) => {
      assert.equal(rupeesInWords(paise), words)
    })

  test('every amount below ₹1,00,000 reads back as its number', ({ assert }) => {
    const VALUES: Record<string, number> = {
      Zero: 0,
      One: 1,
      Two: 2,
      Three: 3,
      Four: 4,
      Five: 5,
      Six: 6,
      Seven: 7,
      Eight: 8,
      Nine: 9,
      Ten: 10,
      Eleven: 11,
      Twelve: 12,
      Thirteen: 13,
      Fourteen: 14,
      Fifteen: 15,
      Sixteen: 16,
      Seventeen: 17,
      Eighteen: 18,
      Nineteen: 19,
      Twenty: 20,
      Thirty: 30,
      Forty: 40,
      Fifty: 50,
      Sixty: 60,
      Seventy: 70,
      Eighty: 80,
      Ninety: 90,
    }
    const read = (words: string) =>
      words
        .split(' ')
        .reduce(
          ({ total, current }, word) =>
            word === 'Thousand'
              ? { total: total + current * 1000, current: 0 }
              : word === 'Hundred'
                ? { total, current: current * 100 }
                : { total, current: current + word.split('-').reduce((sum, part) => sum + VALUES[part], 0) },
          { total: 0, current: 0 }
        )
    for (let rupees = 0; rupees < 100_000; rupees++) {
      const words = rupeesInWords(rupees * 100)
        .replace(/^Rupees /, '')
        .replace(/ Only$/, '')
      const { total, current } = read(words)
      if (total + current !== rupees) assert.fail(`${rupees} was written "${words}"`)
    }
  })

  test('refuses {0}')
    .with([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])
    .run(({ assert }, paise) => {
      assert.throws(() => rupeesInWords(paise), RangeError)
      assert.throws(() => formatRupees(paise), RangeError)
    })
})

test.group('formatRupees', () => {
  test('{0} paise is {1}')
    .with([
      [0, '₹0.00'],
      [5, '₹0.05'],
      [99, '₹0.99'],
      [249900, '₹2,499.00'],
      [211780, '₹2,117.80'],
      [38120, '₹381.20'],
      [99_999_99, '₹99,999.99'],
      [1_00_000_00, '₹1,00,000.00'],
      [12_345_678, '₹1,23,456.78'],
      [1_00_00_000_00, '₹1,00,00,000.00'],
      [99_99_99_999_99, '₹99,99,99,999.99'],
    ] as [number, string][])
    .run(({ assert }, [paise, figures]) => {
      assert.equal(formatRupees(paise), figures)
    })

  test('agrees with the en-IN number format', ({ assert }) => {
    const intl = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    for (const paise of [0, 7, 1234, 100000, 987654321, 1234567890123]) {
      assert.equal(formatRupees(paise), `₹${intl.format(paise / 100)}`)
    }
  })
})
