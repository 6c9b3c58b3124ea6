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
  it('has date (Asia/Kolkata), rating, feedback and resolved columns', () => {
    const csv = feedbackCsv([
      { createdAt: '2026-11-21T18:45:00.000Z', rating: 2, feedback: 'Cold food, "slow" service', resolved: false },
      { createdAt: '2026-11-20T04:00:00.000Z', rating: 1, feedback: null, resolved: true },
    ])
    expect(csv.split('\r\n')).toEqual([
      'Date (Asia/Kolkata),Rating,Feedback,Resolved',
      '2026-11-22 00:15,2,"Cold food, ""slow"" service",No',
      '2026-11-20 09:30,1,,Yes',
      '',
    ])
  })

  it('reads dates in India whatever the browser zone', () => {
    expect(csvDateTime('2026-01-31T20:00:00Z')).toBe('2026-02-01 01:30')
    expect(csvDateTime('not a date')).toBe('')
  })

  it('names the file after the business and the day', () => {
    expect(feedbackCsvFileName("Chai Point's Cafe!", new Date('2026-11-21T20:00:00Z'))).toBe('chai_point_s_cafe_feedback_2026-11-22.csv')
  })
})
