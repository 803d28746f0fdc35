import { describe, expect, it } from 'vitest';
import { asDigits, extractAmount, extractDate, extractFields, extractStatus, extractTime, extractUpiId, extractUtr, normalizeAmount } from './extract.ts';

/*
 * The inputs are OCR output as tesseract gives it for payment screenshots (several copied from the accuracy
 * set's reads), with the reader's usual confusions: O/0, l/I/1, S/5, B/8, a mangled rupee sign, and tables
 * read as a column of labels followed by a column of values.
 */

describe('asDigits', () => {
  it('reads look-alike letters as digits, and refuses anything else', () => {
    expect(asDigits('4O1l963IO984')).toBe('401196310984');
    expect(asDigits('S4B9')).toBe('5489');
    expect(asDigits('12a4')).toBeNull();
  });
});

describe('UTR', () => {
  it.each([
    ['UTR: 345678901234', '345678901234'],
    ['UTR No. 3456 7890 1234', '345678901234'],
    ['UTR: 38769955 1888', '387699551888'],
    ['UPI Ref No: 4O1l963IO984', '401196310984'],
    ['UPI Ref ID               205638964417', '205638964417'],
    ['UP1 Ref. No 205638964417', '205638964417'],
    ['RRN: 512345678901', '512345678901'],
    ['Bank Reference No: 612345678901', '612345678901'],
    ['UTR number - S4B901234567.', '548901234567'],
  ])('reads %j', (text, utr) => {
    expect(extractUtr(text)).toBe(utr);
  });

  it('takes the value on the line under its label', () => {
    expect(extractUtr('UPI transaction ID\n430269031365\nTo: IMRAN SINGH')).toBe('430269031365');
    expect(extractUtr('UTR No.\n778089634600\nDate\n03-02-2024')).toBe('778089634600');
  });

  it('prefers the UTR label over an app transaction id and an order id', () => {
    const text = 'Transaction ID\nT986961639984875026554\nDebited from\nXXXXXX1888        X9,858.44\nUTR: 387699551888';
    expect(extractUtr(text)).toBe('387699551888');
    expect(extractUtr('Order ID: 123456789012\nUTR: 999988887777')).toBe('999988887777');
  });

  it('finds a standalone 12-digit number when labels and values were read as separate columns', () => {
    const text = 'UPI Ref No:\nOrder ID:\n\nFrom:\n\n401196310984\n7871364970346442\nRohit lyer';
    expect(extractUtr(text)).toBe('401196310984');
  });

  it('ignores numbers that are not a UTR: longer ids, codes with letters, phone numbers, masked accounts', () => {
    expect(extractUtr('Transaction ID\nT632427869049857487069')).toBeNull();
    expect(extractUtr('Google transaction ID\nCICAgK1798595121eA')).toBeNull();
    expect(extractUtr('Order ID: 7871364970346442\nCall 9876543210\nXXXXXX4075')).toBeNull();
    expect(extractUtr('UTR: 1234567890123')).toBeNull();
    expect(extractUtr('')).toBeNull();
  });
});

describe('amount', () => {
  it.each([
    ['₹1,250.00', '1250.00'],
    ['Paid ₹ 1,23,456.5', '123456.50'],
    ['Rs. 79.00', '79.00'],
    ['Rs 500', '500.00'],
    ['INR 1,189.00', '1189.00'],
    ['Amount                Rs. 79.00', '79.00'],
    ['Amount: 2,277.52', '2277.52'],
    ['Amount Paid ₹ 300', '300.00'],
    ['Debited from\nXXXXXX1888                            X9,858.44', '9858.44'],
    ['X 4,945', '4945.00'],
    ['%500', '500.00'],
    ['£9,055', '9055.00'],
    ['¥67,259', '67259.00'],
    ['Rs. 79,00', '79.00'],
    ['₹1,2O0', '1200.00'],
  ])('reads %j', (text, amount) => {
    expect(extractAmount(text)).toBe(amount);
  });

  it('takes a big number alone on its line, or at the end of a row, when the rupee sign was dropped', () => {
    expect(extractAmount('To Imran Singh\n\n2,277.52\n\n@ Processing\n19 Sep 2025, 10:30 am')).toBe('2277.52');
    expect(extractAmount('Paid to\n\nSneha Singh                    9,858.44\nsneha935@apl')).toBe('9858.44');
  });

  it('takes a bare whole number ending a row only when nothing better was read', () => {
    expect(extractAmount('Deepa Patel                              362\nXXXXXX2519                             362')).toBe('362.00');
    expect(extractAmount('Deepa Patel        362\nFee: Rs. 5')).toBe('5.00');
  });

  it('prefers an amount with its currency over a bare number, and the value written most often', () => {
    const text = 'Arjun Sharma        9,055\nUTR: 609000834075\nDebited   ₹9,055\nFee ₹0.50\nTotal ₹9,055';
    expect(extractAmount(text)).toBe('9055.00');
  });

  it('never takes a date, a time, a year or a UTR for the amount', () => {
    expect(extractAmount('17/04/2026 10:17:39\n2026\nUTR: 205638964417')).toBeNull();
    expect(extractAmount('₹0')).toBeNull();
  });

  it('normalizes written amounts', () => {
    expect(normalizeAmount('1,23,456.5')).toBe('123456.50');
    expect(normalizeAmount('007')).toBe('7.00');
    expect(normalizeAmount('12a')).toBeNull();
  });
});

describe('UPI id', () => {
  it.each([
    ['rahul.sharma@okaxis', 'rahul.sharma@okaxis'],
    ['UPI ID: Arjun308@IBL', 'arjun308@ibl'],
    ['6152438467 @ybl', '6152438467@ybl'],
    ['sneha935@ap|', 'sneha935@apl'],
    ['9876S43210@ybl', '9876543210@ybl'],
    ['6633574634@o0ksbi', '6633574634@oksbi'],
    ['meera37@oksbl', 'meera37@oksbi'],
    ['imran.singh@okhdfcbnak', 'imran.singh@okhdfcbank'],
    ['kavya_iyer-2@paytm', 'kavya_iyer-2@paytm'],
    ['rahuldas6é@okaxis', 'rahuldas6@okaxis'],
    ['Paid To   asha©ybl', 'asha@ybl'],
  ])('reads %j', (text, upi) => {
    expect(extractUpiId(text)).toBe(upi);
  });

  it('takes the payee’s address, not the payer’s', () => {
    expect(extractUpiId('From: MEERA MENON\nmeera37@oksbi\nTo: IMRAN SINGH\nimran.singh@apl')).toBe('imran.singh@apl');
    expect(extractUpiId('Debited from rohit@paytm\nPaid to\nasha@ybl')).toBe('asha@ybl');
    expect(extractUpiId('Beneficiary VPA\nanjaliiyer90@upi\nRemitter VPA\nsome1@okaxis')).toBe('anjaliiyer90@upi');
  });

  it('falls back to the first address, and never takes an e-mail address', () => {
    expect(extractUpiId('sent by support@example.com\nasha@ybl')).toBe('asha@ybl');
    expect(extractUpiId('help: support@bank.co.in')).toBeNull();
    expect(extractUpiId('no address here')).toBeNull();
  });
});

describe('date', () => {
  it.each([
    ['02:12 am on 16 Nov 2026', '2026-11-16'],
    ['19 Sep 2025, 10:30 am', '2025-09-19'],
    ['05:06 PM, 2 May 2026', '2026-05-02'],
    ['Date & Time            17/04/2026 10:17:39', '2026-04-17'],
    ['Date\n03-02-2024', '2024-02-03'],
    ['2026-11-25T17:32', '2026-11-25'],
    ['Nov 25, 2026', '2026-11-25'],
    ['25 November 2026', '2026-11-25'],
    ['25-Nov-2026', '2026-11-25'],
    ['25th Nov, 2026', '2026-11-25'],
    ['16 N0v 2026', '2026-11-16'],
    ['5ep 3, 2025', '2025-09-03'],
    ['25.11.26', '2026-11-25'],
    ['1O/11/2026', '2026-11-10'],
  ])('reads %j', (text, date) => {
    expect(extractDate(text)).toBe(date);
  });

  it('refuses dates that do not exist and numbers that are not dates', () => {
    expect(extractDate('31/02/2026')).toBeNull();
    expect(extractDate('UTR: 205638964417\n₹1,250.00')).toBeNull();
    expect(extractDate('13/13/2026')).toBeNull();
  });
});

describe('time', () => {
  it.each([
    ['5:32 pm', '17:32'],
    ['12:05 AM', '00:05'],
    ['12:30 PM', '12:30'],
    ['17/04/2026 17:32:10', '17:32'],
    ['05.32 PM, 2 May 2026', '17:32'],
    ['Time\n04:25:52', '04:25'],
    ['O5:06 PM', '17:06'],
    ['10:30 a.m.', '10:30'],
    ['02:12 am on 16 Nov 2026', '02:12'],
  ])('reads %j', (text, time) => {
    expect(extractTime(text)).toBe(time);
  });

  it('never takes a date, an amount or an impossible time', () => {
    expect(extractTime('25.11.2026')).toBeNull();
    expect(extractTime('Rs. 79.00')).toBeNull();
    expect(extractTime('13:45 PM 25:10')).toBeNull();
  });
});

describe('status', () => {
  it.each([
    ['Transaction Successful', 'success', ['Successful']],
    ['Paid Successfully to\nArjun Das', 'success', ['Paid', 'Successfully']],
    ['@ Completed', 'success', ['Completed']],
    ['Transaction Status      SUCCESS', 'success', ['SUCCESS']],
    ['₹500 Paid', 'success', ['Paid']],
    ['Payment Failed', 'failed', ['Failed']],
    ['Transaction unsuccessful', 'failed', ['unsuccessful']],
    ['Transaction Pending', 'pending', ['Pending']],
    ['@ Processing', 'pending', ['Processing']],
    ['Status\nIn Process', 'pending', ['In Process']],
  ])('reads %j', (text, status, words) => {
    expect(extractStatus(text)).toEqual({ status, words });
  });

  it('does not count "Paid to" or "Amount Paid" as an outcome', () => {
    expect(extractStatus('Paid to\nSneha Singh\nAmount Paid ₹500')).toEqual({ status: null, words: [] });
    expect(extractStatus('Transaction Failed\nPaid to\nSneha Singh').status).toBe('failed');
  });

  it('reads a status label misread by one letter when it stands on its own line, and nowhere else', () => {
    expect(extractStatus('To Priya Joshi\n1,723\n© railed\n17 May 2026, 3:29 pm')).toEqual({ status: 'failed', words: ['railed'] });
    expect(extractStatus('Transaction Pendinq')).toEqual({ status: 'pending', words: ['Pendinq'] });
    expect(extractStatus('Your statement was mailed to you on 3 May and is in your inbox')).toEqual({ status: null, words: [] });
    expect(extractStatus('Spending')).toEqual({ status: null, words: [] });
  });

  it('takes the headline, the first status word, over small print further down', () => {
    const text = 'Transaction Successful\n...\nIf the transaction failed, the money is refunded.';
    expect(extractStatus(text)).toEqual({ status: 'success', words: ['Successful', 'failed'] });
  });
});

describe('extractFields on whole screenshots', () => {
  it('a receipt with the values in a header band and a details card', () => {
    const text = `Transaction Successful
02:12 am on 16 Nov 2026

Paid to

Sneha Singh                    9,858.44
sneha935@apl

Transfer Details

Transaction ID
T986961639984875026554

Debited from
XXXXXX1888                            X9,858.44

UTR: 387699551888
`;
    expect(extractFields(text)).toEqual({
      utr: '387699551888',
      amount: '9858.44',
      upi_id: 'sneha935@apl',
      date: '2026-11-16',
      time: '02:12',
      status: 'success',
      status_words: ['Successful'],
    });
  });

  it('a receipt with a big amount, a status pill and the UTR as "UPI transaction ID"', () => {
    const text = `To Imran Singh

₹2,277.52

@ Processing
19 Sep 2025, 10:30 am

UPI transaction ID
430269031365

To: IMRAN SINGH
imran.singh@apl

From: MEERA MENON (Bank 4430)

Google transaction ID
CICAgK1798595121eA
`;
    expect(extractFields(text)).toEqual({
      utr: '430269031365',
      amount: '2277.52',
      upi_id: 'imran.singh@apl',
      date: '2025-09-19',
      time: '10:30',
      status: 'pending',
      status_words: ['Processing'],
    });
  });

  it('a table read as a column of labels, then a column of values', () => {
    const text = `Transaction Details

Transaction Status
Amount

Paid To

Payee Name

UPI Ref ID

Date & Time

SUCCESS

Rs. 79.00
6633574634@oksbi
Arjun Khan
205638964417
17/04/2026 22:17:39
`;
    expect(extractFields(text)).toEqual({
      utr: '205638964417',
      amount: '79.00',
      upi_id: '6633574634@oksbi',
      date: '2026-04-17',
      time: '22:17',
      status: 'success',
      status_words: ['SUCCESS'],
    });
  });

  it('nothing recognisable: every field null', () => {
    expect(extractFields('Hello, how are you?')).toEqual({ utr: null, amount: null, upi_id: null, date: null, time: null, status: null, status_words: [] });
  });
});
