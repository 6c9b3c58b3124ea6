import { describe, expect, it } from 'vitest'
import { csvCell, csvDateTime, feedbackCsv, feedbackCsvFileName, toCsv } from '#lib/csv'

describe('csvCell', () => {
  it('leaves plain values alone', () => {
    expect(csvCell('Nice chai')).toBe('Nice chai')
    expect(csvCell(3)).toBe('3')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('slow, cold')).toBe('"slow, cold"')
    expect(csvCell('he said "wait"')).toBe('"he said ""wait"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
  })

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`)
    expect(csvCell('+1 cmd')).toBe("'+1 cmd")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('fine = ok')).toBe('fine = ok')
  })

  it('does not touch numbers', () => {
    expect(csvCell(-1)).toBe('-1')
  })
})

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x,y'],
          [2, null],
        ]
      )
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n')
  })
})

describe('feedback CSV', () => {
  const row = (overrides: Partial<Parameters<typeof feedbackCsv>[0][number]> = {}) => ({
    createdAt: '2026-11-21T18:45:00.000Z',
    rating: 2,
    feedback: null,
    resolved: false,
    reviewRequestId: null,
    customer: null,
    staff: null,
    source: 'page' as const,
    contactName: null,
    contactPhone: null,
    ...overrides,
  })

  it('has date (Asia/Kolkata), rating, feedback, resolved, source, where it was rated and call-back columns', () => {
    const csv = feedbackCsv([
      row({ feedback: 'Cold food, "slow" service' }),
      row({ createdAt: '2026-11-20T04:00:00.000Z', rating: 1, resolved: true }),
    ])
    expect(csv.split('\r\n')).toEqual([
      'Date (Asia/Kolkata),Rating,Feedback,Resolved,Source,Rated in,Call-back name,Call-back phone (+91)',
      '2026-11-22 00:15,2,"Cold food, ""slow"" service",No,Review link,Customer page,,',
      '2026-11-20 09:30,1,,Yes,Review link,Customer page,,',
      '',
    ])
  })

  it('carries the name and number the customer agreed to share, where the rating came from and where it was given', () => {
    const meera = { name: 'Meera Iyer', phone: '+919876543210', language: null }
    const ravi = { id: 3, name: 'Ravi' }
    const lines = feedbackCsv([
      // Ticked "contact me" after a personal request.
      row({ reviewRequestId: 12, customer: meera, contactName: 'Meera', contactPhone: '9876543210' }),
      // A request a staff member sent, rated inside WhatsApp, without the tick: the customer is named in the source.
      row({ reviewRequestId: 13, customer: meera, staff: ravi, source: 'whatsapp' }),
      // A staff member's QR, a call-back number without a name.
      row({ staff: ravi, contactPhone: '9123456789' }),
      // The poster, with a name that would run as a formula.
      row({ contactName: '=HYPERLINK("x")', contactPhone: '9988776655' }),
    ]).split('\r\n')
    expect(lines.slice(1, 5)).toEqual([
      '2026-11-22 00:15,2,,No,Personal request to Meera Iyer,Customer page,Meera,98765 43210',
      '2026-11-22 00:15,2,,No,"Personal request to Meera Iyer, sent by Ravi",WhatsApp,,',
      '2026-11-22 00:15,2,,No,Staff link of Ravi,Customer page,,91234 56789',
      `2026-11-22 00:15,2,,No,Review link,Customer page,"'=HYPERLINK(""x"")",99887 76655`,
    ])
  })

  it('reads dates in India whatever the browser zone', () => {
    expect(csvDateTime('2026-01-31T20:00:00Z')).toBe('2026-02-01 01:30')
    expect(csvDateTime('not a date')).toBe('')
  })

  it("names the file after the business and India's day, not UTC's", () => {
    expect(feedbackCsvFileName("Chai Point's Cafe!", new Date('2026-11-21T20:00:00Z'))).toBe('chai_point_s_cafe_feedback_2026-11-22.csv')
    expect(feedbackCsvFileName('Chai Point', new Date('2026-11-27T20:00:00Z'))).toBe('chai_point_feedback_2026-11-28.csv')
  })
})
