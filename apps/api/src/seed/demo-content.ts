import type { CreateInboxBody } from '@app/shared/inboxes';

/**
 * What the demo workspaces hold: inboxes, people's structure (teams, labels, canned responses, custom
 * attributes), contacts and conversation scripts. Plain data; demo-workspace.ts turns it into rows
 * through the modules' services, so counts, notifications, outbox rows and audit logs are real.
 */

/** A turn of a conversation: the contact writes, an agent replies, or an agent leaves a private note. */
export type Turn = ['in' | 'out' | 'note', string];

export type Script = {
  subject: string;
  turns: Turn[];
  labels: string[];
  /** Which team the conversation goes to, by name. */
  team?: string;
  priority?: 'low' | 'medium' | 'high' | 'urgent';
};

export type DemoContact = { name: string; email: string; phone?: string; company?: string; city?: string; country?: string; plan?: string };

export type DemoWorkspace = {
  account: string;
  inboxes: { key: string; body: CreateInboxBody; members: string[]; leaders?: string[] }[];
  teams: { name: string; description: string; members: string[] }[];
  labels: { title: string; description: string; color: string }[];
  canned: { short_code: string; content: string }[];
  attributes: { attribute_display_name: string; attribute_key: string; attribute_model: 'conversation_attribute' | 'contact_attribute'; attribute_display_type: string; attribute_values?: string[]; attribute_description: string }[];
  contacts: DemoContact[];
  /** Conversations to make: which script in which inbox, in this order (newest last). */
  conversations: number;
  scripts: Script[];
  /** Withdraw issues raised from the first conversation of a script (by subject); `resolved` is the resolution note. */
  withdrawIssues?: DemoWithdrawIssue[];
};

export type DemoWithdrawIssue = { subject: string; order_id: string; description: string; resolved?: string };

const northwindScripts: Script[] = [
  {
    subject: 'Order not delivered',
    labels: ['delivery'],
    team: 'Customer care',
    turns: [
      ['in', 'Hi, my order #NW-48213 was supposed to arrive on Monday and the tracking page has not moved since Friday.'],
      ['out', 'Sorry about the wait! I checked with the carrier: the parcel is at the Leeds depot and goes out for delivery tomorrow morning.'],
      ['in', 'OK, thanks. Can I get a refund of the express shipping then?'],
    ],
  },
  {
    subject: 'Refund for a damaged lamp',
    labels: ['refund', 'billing'],
    team: 'Billing',
    priority: 'high',
    turns: [
      ['in', 'The ceramic lamp I ordered arrived broken. I have photos. I would like a refund please.'],
      ['note', 'Customer has had two damaged deliveries this month. {mention} can you approve a full refund without the return?'],
      ['out', 'I am so sorry it arrived like that. I have started a full refund to your card; you do not need to send the lamp back.'],
      ['in', 'That is very kind, thank you!'],
    ],
  },
  {
    subject: 'Cannot sign in to the app',
    labels: ['bug', 'mobile'],
    team: 'Technical support',
    priority: 'medium',
    turns: [
      ['in', 'The app keeps saying "session expired" right after I sign in. iPhone 15, latest version.'],
      ['out', 'Thanks for the details. Could you try signing out, closing the app and signing in again? We shipped a fix for this in 4.12.1.'],
      ['in', 'Still the same after updating.'],
      ['note', 'Reproduced on iOS 18.2 with 4.12.1. Filed as APP-2231. {mention} FYI'],
    ],
  },
  {
    subject: 'Change delivery address',
    labels: ['delivery'],
    turns: [
      ['in', 'Can I still change the delivery address for order #NW-48877? I moved last week.'],
      ['out', 'Yes, it has not shipped yet. What is the new address?'],
      ['in', '14 Harbour Street, Bristol BS1 4RD'],
      ['out', 'Done! The order will go to 14 Harbour Street. You will get a new confirmation email in a minute.'],
    ],
  },
  {
    subject: 'Invoice with company details',
    labels: ['billing'],
    team: 'Billing',
    turns: [
      ['in', 'We need an invoice with our VAT number for last month’s order. Company: Brightside Studio Ltd, GB123456789.'],
      ['out', 'Of course. I have reissued the invoice with your company name and VAT number; it is attached to your account under Orders.'],
    ],
  },
  {
    subject: 'Product question: sofa dimensions',
    labels: ['pre-sales'],
    turns: [
      ['in', 'Hello! Will the Oslo three-seater fit through a 76 cm door? The website only lists the assembled size.'],
      ['out', 'Good question: the legs and the back cushions come off, and the frame is 72 cm deep, so it fits through a 76 cm door.'],
      ['in', 'Perfect, ordering now.'],
    ],
  },
  {
    subject: 'Discount code not working',
    labels: ['billing', 'bug'],
    turns: [
      ['in', 'The code WINTER15 says "not valid" at checkout but the email says it is valid until Sunday.'],
      ['note', '{mention} the promo service rejects codes for carts with sale items. Is that intended?'],
    ],
  },
  {
    subject: 'Wrong colour received',
    labels: ['refund'],
    team: 'Customer care',
    turns: [
      ['in', 'I ordered the sage green cushions and received mustard yellow ones.'],
      ['out', 'Sorry for the mix-up! A courier will pick up the yellow ones on Thursday and we have sent the green ones today.'],
      ['in', 'Great, thank you for the quick help.'],
      ['out', 'You are welcome! Anything else I can do for you?'],
    ],
  },
  {
    subject: 'Account deletion request',
    labels: ['privacy'],
    priority: 'low',
    turns: [
      ['in', 'Please delete my account and all my data.'],
      ['out', 'I can help with that. To confirm it is you, please reply from the email address on the account.'],
    ],
  },
  {
    subject: 'Bulk order for an office',
    labels: ['pre-sales', 'vip'],
    priority: 'high',
    turns: [
      ['in', 'We are furnishing a new office and need 40 desk chairs and 20 standing desks. Do you offer volume pricing?'],
      ['note', 'Big one. {mention} can you take this? Our business team usually gives 12% over 30 units.'],
      ['out', 'Thanks for thinking of us! Yes: orders over 30 items get business pricing. I will send you a quote today.'],
    ],
  },
  {
    subject: 'App crashes when adding to basket',
    labels: ['bug', 'mobile'],
    team: 'Technical support',
    priority: 'urgent',
    turns: [
      ['in', 'The Android app crashes every time I tap "Add to basket" on a product with variants.'],
      ['in', 'Pixel 8, Android 15, app version 4.12.0.'],
    ],
  },
  {
    subject: 'Assembly instructions missing',
    labels: ['delivery'],
    turns: [
      ['in', 'The bookshelf box had no assembly instructions. Is there a PDF somewhere?'],
      ['out', 'Yes! Every product page has a "Manuals" tab; here is the one for the Bergen bookshelf: https://northwind.example/manuals/bergen.pdf'],
    ],
  },
  {
    subject: 'Gift wrapping',
    labels: ['pre-sales'],
    priority: 'low',
    turns: [['in', 'Do you offer gift wrapping? It is a birthday present.']],
  },
  {
    subject: 'Payment taken twice',
    labels: ['billing', 'refund'],
    team: 'Billing',
    priority: 'urgent',
    turns: [
      ['in', 'My card was charged twice for the same order (£249.00 each time).'],
      ['out', 'I can see both charges. One is a pre-authorisation that your bank releases within 3 working days; only one payment was taken.'],
      ['in', 'It still shows as two payments in my banking app.'],
      ['note', '{mention} could you check with the payment provider whether the second authorisation was captured?'],
    ],
  },
];

const globexScripts: Script[] = [
  {
    subject: 'Withdrawal not received',
    labels: ['withdrawal'],
    priority: 'high',
    turns: [
      ['in', 'I withdrew ₹5,000 yesterday and it has not reached my bank. Order id WD-77120.'],
      ['out', 'Checking it now. The payout shows as processed with UTR 412345678901; banks can take up to 24 hours to credit it.'],
      ['in', 'Still nothing in my account.'],
    ],
  },
  {
    subject: 'Recharge shows pending',
    labels: ['recharge'],
    turns: [
      ['in', 'I paid ₹1,200 by UPI but my wallet still shows the recharge as pending. Screenshot attached in the app.'],
      ['out', 'Thanks! The payment reached us; your wallet is credited now. Sorry for the delay.'],
    ],
  },
  {
    subject: 'Wrong UPI id on a withdrawal',
    labels: ['withdrawal', 'kyc'],
    priority: 'medium',
    turns: [
      ['in', 'I typed my UPI id wrong on withdrawal WD-77344. Can you stop it?'],
      ['note', 'Payout still queued at the provider. {mention} please cancel it before the 18:00 batch.'],
    ],
  },
  {
    subject: 'KYC documents',
    labels: ['kyc'],
    turns: [
      ['in', 'Which documents do I need for the KYC check?'],
      ['out', 'A PAN card and one address proof (Aadhaar, passport or a utility bill from the last 3 months).'],
    ],
  },
  {
    subject: 'Merchant settlement report',
    labels: ['merchant'],
    priority: 'low',
    turns: [['in', 'Where can I download last week’s settlement report for my shop?']],
  },
];

const people = {
  maya: 'maya@northwind.example',
  daniel: 'daniel@northwind.example',
  sofia: 'sofia@northwind.example',
  kenji: 'kenji@northwind.example',
  amara: 'amara@northwind.example',
  lucas: 'lucas@northwind.example',
  priya: 'priya@northwind.example',
  omar: 'omar@globex.example',
  elena: 'elena@globex.example',
  tomas: 'tomas@globex.example',
};

export const DEMO_WORKSPACES: DemoWorkspace[] = [
  {
    account: 'Northwind Support',
    inboxes: [
      {
        key: 'website',
        body: {
          name: 'Website',
          greeting_enabled: true,
          greeting_message: 'Hi! We usually reply within a few minutes.',
          channel: { type: 'web_widget', website_url: 'https://northwind.example', widget_color: '#1f6feb', welcome_title: 'Hi there 👋', welcome_tagline: 'Questions about an order? Ask us here.' },
        } as CreateInboxBody,
        members: [people.daniel, people.sofia, people.kenji, people.priya],
        leaders: [people.sofia],
      },
      {
        key: 'app',
        body: { name: 'Mobile app', channel: { type: 'api' } } as CreateInboxBody,
        members: [people.daniel, people.kenji, people.amara, people.lucas],
      },
      {
        key: 'email',
        body: { name: 'Support email', channel: { type: 'email', email: 'support@northwind.example' } } as CreateInboxBody,
        members: [people.sofia, people.daniel, people.lucas],
      },
    ],
    teams: [
      { name: 'Customer care', description: 'Orders, deliveries and returns', members: [people.daniel, people.sofia] },
      { name: 'Billing', description: 'Payments, invoices and refunds', members: [people.sofia, people.lucas] },
      { name: 'Technical support', description: 'The website and the mobile app', members: [people.kenji, people.daniel] },
    ],
    labels: [
      { title: 'billing', description: 'Payments and invoices', color: '#1f6feb' },
      { title: 'refund', description: 'Money back to the customer', color: '#d97706' },
      { title: 'delivery', description: 'Shipping and tracking', color: '#0e9f6e' },
      { title: 'bug', description: 'Something is broken', color: '#e02424' },
      { title: 'mobile', description: 'The iOS and Android apps', color: '#7e3af2' },
      { title: 'pre-sales', description: 'Questions before buying', color: '#0694a2' },
      { title: 'vip', description: 'Key accounts', color: '#c27803' },
      { title: 'privacy', description: 'Data requests', color: '#6b7280' },
    ],
    canned: [
      { short_code: 'hello', content: 'Hi {{contact.name}}, thanks for reaching out! Let me look into this for you.' },
      { short_code: 'refund-policy', content: 'You can return any item within 30 days for a full refund; we cover the return shipping for damaged items.' },
      { short_code: 'shipping-times', content: 'Standard delivery takes 3–5 working days, express 1–2 working days.' },
      { short_code: 'app-reinstall', content: 'Could you try deleting and reinstalling the app? Your basket and orders are kept on your account.' },
      { short_code: 'thanks', content: 'Thanks for your patience, and have a lovely day!' },
    ],
    attributes: [
      { attribute_display_name: 'Order number', attribute_key: 'order_number', attribute_model: 'conversation_attribute', attribute_display_type: 'text', attribute_description: 'The order the conversation is about' },
      { attribute_display_name: 'Plan', attribute_key: 'plan', attribute_model: 'contact_attribute', attribute_display_type: 'list', attribute_values: ['Free', 'Plus', 'Business'], attribute_description: 'Membership plan' },
      { attribute_display_name: 'Lifetime value', attribute_key: 'lifetime_value', attribute_model: 'contact_attribute', attribute_display_type: 'currency', attribute_description: 'Total spent, in GBP' },
    ],
    contacts: [
      { name: 'Olivia Bennett', email: 'olivia.bennett@example.com', phone: '+447700900101', city: 'London', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Noah Fischer', email: 'noah.fischer@example.com', phone: '+4915112345601', city: 'Berlin', country: 'Germany', plan: 'Free' },
      { name: 'Emma Dubois', email: 'emma.dubois@example.com', city: 'Lyon', country: 'France', plan: 'Business', company: 'Atelier Dubois' },
      { name: 'Liam O’Connor', email: 'liam.oconnor@example.com', phone: '+353851234501', city: 'Dublin', country: 'Ireland', plan: 'Free' },
      { name: 'Ava Thompson', email: 'ava.thompson@example.com', city: 'Manchester', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Mateo García', email: 'mateo.garcia@example.com', phone: '+34600123401', city: 'Madrid', country: 'Spain', plan: 'Free' },
      { name: 'Isla Morrison', email: 'isla.morrison@example.com', city: 'Edinburgh', country: 'United Kingdom', plan: 'Business', company: 'Brightside Studio Ltd' },
      { name: 'Lucas Rossi', email: 'lucas.rossi@example.com', city: 'Milan', country: 'Italy', plan: 'Plus' },
      { name: 'Mia Jensen', email: 'mia.jensen@example.com', phone: '+4520123401', city: 'Copenhagen', country: 'Denmark', plan: 'Free' },
      { name: 'Ethan Clarke', email: 'ethan.clarke@example.com', city: 'Bristol', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Sophie Wagner', email: 'sophie.wagner@example.com', city: 'Vienna', country: 'Austria', plan: 'Free' },
      { name: 'Oscar Lindberg', email: 'oscar.lindberg@example.com', phone: '+46701234501', city: 'Stockholm', country: 'Sweden', plan: 'Business', company: 'Lindberg Arkitekter' },
      { name: 'Chloe Martin', email: 'chloe.martin@example.com', city: 'Paris', country: 'France', plan: 'Plus' },
      { name: 'Jack Wilson', email: 'jack.wilson@example.com', phone: '+447700900114', city: 'Leeds', country: 'United Kingdom', plan: 'Free' },
      { name: 'Amelia Novak', email: 'amelia.novak@example.com', city: 'Prague', country: 'Czechia', plan: 'Free' },
      { name: 'Henry Walsh', email: 'henry.walsh@example.com', city: 'Cork', country: 'Ireland', plan: 'Plus' },
      { name: 'Grace Kim', email: 'grace.kim@example.com', phone: '+821012345601', city: 'Seoul', country: 'South Korea', plan: 'Business', company: 'Kim & Partners' },
      { name: 'Leo Hoffmann', email: 'leo.hoffmann@example.com', city: 'Munich', country: 'Germany', plan: 'Free' },
      { name: 'Zara Ahmed', email: 'zara.ahmed@example.com', phone: '+447700900119', city: 'Birmingham', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Finn Berg', email: 'finn.berg@example.com', city: 'Oslo', country: 'Norway', plan: 'Free' },
      { name: 'Ruby Evans', email: 'ruby.evans@example.com', city: 'Cardiff', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Hugo Laurent', email: 'hugo.laurent@example.com', city: 'Brussels', country: 'Belgium', plan: 'Free' },
      { name: 'Ella Virtanen', email: 'ella.virtanen@example.com', phone: '+358401234501', city: 'Helsinki', country: 'Finland', plan: 'Free' },
      { name: 'Samuel Costa', email: 'samuel.costa@example.com', city: 'Lisbon', country: 'Portugal', plan: 'Business', company: 'Costa Interiores' },
      { name: 'Lily Chen', email: 'lily.chen@example.com', city: 'Glasgow', country: 'United Kingdom', plan: 'Plus' },
      { name: 'Adam Kowalski', email: 'adam.kowalski@example.com', phone: '+48501234501', city: 'Warsaw', country: 'Poland', plan: 'Free' },
      { name: 'Nora Schmid', email: 'nora.schmid@example.com', city: 'Zurich', country: 'Switzerland', plan: 'Plus' },
      { name: 'Theo Janssen', email: 'theo.janssen@example.com', city: 'Amsterdam', country: 'Netherlands', plan: 'Free' },
    ],
    conversations: 46,
    scripts: northwindScripts,
  },
  {
    account: 'Globex Payments',
    inboxes: [
      { key: 'payments', body: { name: 'Payments API', channel: { type: 'api' } } as CreateInboxBody, members: [people.omar, people.tomas, people.elena] },
      {
        key: 'merchants',
        body: { name: 'Merchant desk', channel: { type: 'web_widget', website_url: 'https://merchants.globex.example', widget_color: '#0e9f6e' } } as CreateInboxBody,
        members: [people.omar, people.elena],
      },
    ],
    teams: [{ name: 'Payouts', description: 'Withdrawals and settlements', members: [people.omar, people.tomas] }],
    labels: [
      { title: 'withdrawal', description: 'Money out', color: '#e02424' },
      { title: 'recharge', description: 'Money in', color: '#0e9f6e' },
      { title: 'kyc', description: 'Identity checks', color: '#7e3af2' },
      { title: 'merchant', description: 'Merchant accounts', color: '#1f6feb' },
    ],
    canned: [
      { short_code: 'utr', content: 'Your payout was processed with UTR {{utr}}; banks can take up to 24 hours to credit it.' },
      { short_code: 'kyc-docs', content: 'For KYC we need a PAN card and one address proof from the last 3 months.' },
    ],
    attributes: [{ attribute_display_name: 'Order id', attribute_key: 'order_id', attribute_model: 'conversation_attribute', attribute_display_type: 'text', attribute_description: 'Withdrawal or recharge order id' }],
    contacts: [
      { name: 'Arjun Mehta', email: 'arjun.mehta@example.in', phone: '+919812345601', city: 'Mumbai', country: 'India' },
      { name: 'Kavya Iyer', email: 'kavya.iyer@example.in', phone: '+919812345602', city: 'Chennai', country: 'India' },
      { name: 'Rohan Gupta', email: 'rohan.gupta@example.in', phone: '+919812345603', city: 'Delhi', country: 'India' },
      { name: 'Ananya Rao', email: 'ananya.rao@example.in', city: 'Bengaluru', country: 'India' },
      { name: 'Vikram Singh', email: 'vikram.singh@example.in', phone: '+919812345605', city: 'Jaipur', country: 'India', company: 'Singh Traders' },
      { name: 'Meera Nair', email: 'meera.nair@example.in', city: 'Kochi', country: 'India' },
      { name: 'Sanjay Patel', email: 'sanjay.patel@example.in', phone: '+919812345607', city: 'Ahmedabad', country: 'India', company: 'Patel Mart' },
      { name: 'Divya Reddy', email: 'divya.reddy@example.in', city: 'Hyderabad', country: 'India' },
    ],
    conversations: 14,
    scripts: globexScripts,
    withdrawIssues: [
      {
        subject: 'Withdrawal not received',
        order_id: 'WD-77120',
        description: 'Customer says the ₹5,000 payout (UTR 412345678901) has not reached the bank after 24 hours. Please check with the provider.',
      },
      {
        subject: 'Wrong UPI id on a withdrawal',
        order_id: 'WD-77344',
        description: 'Customer entered a wrong UPI id; the payout must be stopped before the 18:00 batch.',
        resolved: 'Cancelled at the provider before the batch; the customer will request it again with the right UPI id.',
      },
    ],
  },
];
