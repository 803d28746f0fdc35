import type { Layout, Sample } from './samples.ts';

/*
 * Payment-result screens in the manner of common UPI apps, written from scratch (our own HTML and CSS, no
 * brand names, logos or assets): the arrangement of labels and values operators see in customers'
 * screenshots, which is what the reader has to cope with.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Indian digit grouping (1,23,456.50); whole amounts without paise, as the apps print them. */
function rupees(s: Sample, options: { paise?: 'always' | 'when-any' } = {}): string {
  const value = s.amountPaise / 100;
  const withPaise = options.paise === 'always' || s.amountPaise % 100 !== 0;
  return value.toLocaleString('en-IN', { minimumFractionDigits: withPaise ? 2 : 0, maximumFractionDigits: 2 });
}

function clock12(s: Sample, lower: boolean): string {
  const h = s.at.hour % 12 === 0 ? 12 : s.at.hour % 12;
  const suffix = s.at.hour < 12 ? 'AM' : 'PM';
  return `${pad(h)}:${pad(s.at.minute)} ${lower ? suffix.toLowerCase() : suffix}`;
}

const dayMonYear = (s: Sample) => `${s.at.day} ${MONTHS[s.at.month - 1]} ${s.at.year}`;

const STATUS_TEXT: Record<Layout, Record<Sample['status'], string>> = {
  phonepe: { success: 'Transaction Successful', failed: 'Transaction Failed', pending: 'Transaction Pending' },
  gpay: { success: 'Completed', failed: 'Failed', pending: 'Processing' },
  paytm: { success: 'Paid Successfully', failed: 'Payment Failed', pending: 'Payment Pending' },
  bhim: { success: 'SUCCESS', failed: 'FAILED', pending: 'PENDING' },
  bank: { success: 'Completed', failed: 'Failed', pending: 'In Process' },
};
const STATUS_COLOR = { success: '#1b8a3a', failed: '#c62828', pending: '#e08a00' } as const;

const base = `
  * { box-sizing: border-box; margin: 0; padding: 0; }
  body { width: 412px; min-height: 915px; font-family: 'DejaVu Sans', 'Liberation Sans', sans-serif; color: #1f1f1f; background: #fff; }
  .muted { color: #6b6b6b; }
  .row { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
`;

function phonepe(s: Sample): string {
  const color = s.status === 'success' ? '#5f259f' : STATUS_COLOR[s.status];
  return `<style>${base}
    .top { background: ${color}; color: #fff; padding: 56px 20px 22px; }
    .top h1 { font-size: 21px; font-weight: 600; }
    .top p { font-size: 13px; opacity: .9; margin-top: 6px; }
    .card { margin: 14px; border-radius: 10px; box-shadow: 0 1px 4px rgba(0,0,0,.18); padding: 16px; }
    .label { font-size: 13px; color: #6b6b6b; }
    .name { font-size: 17px; font-weight: 600; margin-top: 4px; }
    .upi { font-size: 14px; color: #444; margin-top: 2px; }
    .amount { font-size: 20px; font-weight: 700; }
    .kv { margin-top: 14px; }
    .kv .value { font-size: 15px; margin-top: 3px; letter-spacing: .3px; }
  </style>
  <div class="top"><h1>${STATUS_TEXT.phonepe[s.status]}</h1><p>${clock12(s, true)} on ${dayMonYear(s)}</p></div>
  <div class="card">
    <div class="label">Paid to</div>
    <div class="row"><div><div class="name">${esc(s.payeeName)}</div><div class="upi">${s.payeeUpi}</div></div><div class="amount">₹${rupees(s)}</div></div>
  </div>
  <div class="card">
    <div class="label" style="font-weight:600;color:#1f1f1f;font-size:15px">Transfer Details</div>
    <div class="kv"><div class="label">Transaction ID</div><div class="value">${s.appTransactionId}</div></div>
    <div class="kv"><div class="label">Debited from</div><div class="row"><div class="value">XXXXXX${s.utr.slice(-4)}</div><div class="value">₹${rupees(s)}</div></div></div>
    <div class="kv"><div class="label">UTR: ${s.utr}</div></div>
  </div>`;
}

function gpay(s: Sample): string {
  const initial = s.payeeName[0];
  const icon = s.status === 'success' ? '✓' : s.status === 'failed' ? '!' : '…';
  return `<style>${base}
    .head { text-align: center; padding-top: 64px; }
    .avatar { width: 56px; height: 56px; border-radius: 50%; background: #7b61ff; color: #fff; font-size: 26px; line-height: 56px; margin: 0 auto; }
    .to { font-size: 17px; margin-top: 14px; }
    .amount { font-size: 44px; margin-top: 12px; }
    .pill { display: inline-block; margin-top: 14px; font-size: 15px; color: ${STATUS_COLOR[s.status]}; }
    .pill b { display: inline-block; width: 22px; height: 22px; border-radius: 50%; background: ${STATUS_COLOR[s.status]}; color: #fff; font-size: 14px; line-height: 22px; margin-right: 6px; }
    .when { font-size: 13px; color: #6b6b6b; margin-top: 10px; }
    .box { margin: 28px 18px 0; border: 1px solid #dadce0; border-radius: 8px; padding: 16px; font-size: 14px; }
    .box .k { color: #6b6b6b; font-size: 13px; margin-top: 12px; }
    .box .k:first-child { margin-top: 0; }
    .box .v { margin-top: 3px; }
  </style>
  <div class="head">
    <div class="avatar">${initial}</div>
    <div class="to">To ${esc(s.payeeName)}</div>
    <div class="amount">₹${rupees(s)}</div>
    <div class="pill"><b>${icon}</b>${STATUS_TEXT.gpay[s.status]}</div>
    <div class="when">${dayMonYear(s)}, ${clock12(s, true).replace(/^0/, '')}</div>
  </div>
  <div class="box">
    <div class="k">UPI transaction ID</div><div class="v">${s.utr}</div>
    <div class="k">To: ${esc(s.payeeName.toUpperCase())}</div><div class="v">${s.payeeUpi}</div>
    <div class="k">From: ${esc(s.payerName.toUpperCase())} (Bank ${s.payerUpi.length % 9}${s.utr.slice(0, 3)})</div>
    <div class="k">Google transaction ID</div><div class="v">CICAgK${s.appTransactionId.slice(1, 11)}eA</div>
  </div>`;
}

function paytm(s: Sample): string {
  return `<style>${base}
    body { background: #f3f7fb; }
    .head { background: #e8f6fd; padding: 54px 20px 20px; }
    .status { font-size: 15px; color: ${STATUS_COLOR[s.status]}; font-weight: 600; }
    .name { font-size: 20px; font-weight: 600; margin-top: 8px; }
    .upi { font-size: 14px; color: #444; margin-top: 4px; }
    .amount { font-size: 36px; font-weight: 700; margin-top: 16px; }
    .when { font-size: 13px; color: #6b6b6b; margin-top: 8px; }
    .card { background: #fff; margin: 14px; border-radius: 12px; padding: 16px; font-size: 14px; }
    .card .row { padding: 6px 0; }
  </style>
  <div class="head">
    <div class="status">${STATUS_TEXT.paytm[s.status]}${s.status === 'success' ? ' to' : ''}</div>
    <div class="name">${esc(s.payeeName)}</div>
    <div class="upi">UPI ID: ${s.payeeUpi}</div>
    <div class="amount">₹ ${rupees(s)}</div>
    <div class="when">${clock12(s, false)}, ${dayMonYear(s)}</div>
  </div>
  <div class="card">
    <div class="row"><span class="muted">UPI Ref No:</span><span>${s.utr}</span></div>
    <div class="row"><span class="muted">Order ID:</span><span>${s.appTransactionId.slice(1, 17)}</span></div>
    <div class="row"><span class="muted">From:</span><span>${esc(s.payerName)}</span></div>
  </div>`;
}

function bhim(s: Sample): string {
  const rows: [string, string][] = [
    ['Transaction Status', STATUS_TEXT.bhim[s.status]],
    ['Amount', `Rs. ${rupees(s, { paise: 'always' }).replace(/,/g, '')}`],
    ['Paid To', s.payeeUpi],
    ['Payee Name', s.payeeName],
    ['UPI Ref ID', s.utr],
    ['Date & Time', `${pad(s.at.day)}/${pad(s.at.month)}/${s.at.year} ${pad(s.at.hour)}:${pad(s.at.minute)}:${pad(s.at.second)}`],
    ['Remarks', 'Payment'],
  ];
  return `<style>${base}
    .bar { background: #004b87; color: #fff; padding: 48px 18px 16px; font-size: 18px; font-weight: 600; }
    table { width: calc(100% - 28px); margin: 18px 14px; border-collapse: collapse; font-size: 14px; }
    td { padding: 11px 4px; border-bottom: 1px solid #e3e3e3; vertical-align: top; }
    td:first-child { color: #555; width: 42%; }
  </style>
  <div class="bar">Transaction Details</div>
  <table>${rows.map(([k, v]) => `<tr><td>${k}</td><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

function bank(s: Sample): string {
  const rows: [string, string][] = [
    ['Beneficiary Name', s.payeeName],
    ['Beneficiary VPA', s.payeeUpi],
    ['Amount', `INR ${rupees(s, { paise: 'always' })}`],
    ['UTR No.', s.utr],
    ['Date', `${pad(s.at.day)}-${pad(s.at.month)}-${s.at.year}`],
    ['Time', `${pad(s.at.hour)}:${pad(s.at.minute)}:${pad(s.at.second)}`],
    ['Status', STATUS_TEXT.bank[s.status]],
  ];
  return `<style>${base}
    .bar { background: #8e1b3f; color: #fff; padding: 44px 18px 14px; font-size: 17px; }
    .note { padding: 16px 18px 4px; font-size: 13px; color: #555; }
    dl { margin: 6px 18px; font-size: 14px; }
    dt { color: #666; margin-top: 12px; font-size: 13px; }
    dd { margin-top: 2px; font-weight: 600; }
  </style>
  <div class="bar">UPI Transfer Receipt</div>
  <div class="note">Reference ${s.appTransactionId.slice(0, 14)} · ${MONTHS_LONG[s.at.month - 1]} statement</div>
  <dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${esc(v)}</dd>`).join('')}</dl>`;
}

const RENDERERS: Record<Layout, (s: Sample) => string> = { phonepe, gpay, paytm, bhim, bank };

/** The full HTML document of a sample's screen. */
export function screenHtml(s: Sample): string {
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${RENDERERS[s.layout](s)}</body></html>`;
}
