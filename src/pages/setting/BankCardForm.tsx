import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { CreditCard, Landmark, MapPin } from 'lucide-react';
import { useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { InputOf } from '../../../domain/api/contract';
import { targetsEndpoints } from '../../../domain/targets/contract';
import type { BankCard, BankCardKind } from '../../../domain/targets/types';
import { apiQuery, useInvalidate } from '../../api/queries';
import { call } from '../../api/request';
import { showToast } from '../../state/ui';
import { Button } from '../../ui/Button';
import { DelayedFallback } from '../../ui/DelayedFallback';
import { Empty } from '../../ui/Empty';
import form from '../../ui/Form.module.css';
import { TextField } from '../../ui/TextField';
import { useTimeText } from '../../ui/useTimeText';
import { firstIssue, revealField, type Issue } from '../../ui/validation';
import { PayPasswordField, usePayPasswordMissing } from '../../ui/PayPasswordField';
import styles from './BankCardForm.module.css';
import { placeText } from '../../ui/location/locations';
import { pickerUrl, takePick } from '../../ui/location/pick';

type SavePath = '/user/cash_save' | '/user/cash_save_international';
type CardField = Exclude<keyof InputOf<'/user/cash_save'> | keyof InputOf<'/user/cash_save_international'>, 'pay_password'>;
type Field = CardField | 'pay_password';
type Values = Record<CardField, string>;

/** Per kind: where the card is read and saved, and which fields it has, in form order. */
const KINDS = {
  domestic: {
    info: '/user/cash_info',
    save: '/user/cash_save',
    fields: ['real_name', 'card_number', 'bank_name', 'branch', 'province_city', 'phone'],
  },
  international: {
    info: '/user/cash_info_international',
    save: '/user/cash_save_international',
    fields: ['real_name', 'card_number', 'bank_name', 'branch', 'swift_code', 'aba_number', 'address', 'phone'],
  },
} as const satisfies Record<BankCardKind, { info: string; save: SavePath; fields: readonly CardField[] }>;

/** Input details of each field; `clean` tidies what is typed. */
const INPUTS: Record<
  CardField,
  Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'maxLength'> & { clean?: (v: string) => string }
> = {
  real_name: { autoComplete: 'cc-name', maxLength: 60 },
  card_number: { inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 40, clean: (v) => v.replace(/[^A-Za-z0-9 -]/g, '') },
  bank_name: { autoComplete: 'off', maxLength: 80 },
  branch: { autoComplete: 'off', maxLength: 80 },
  province_city: { autoComplete: 'address-level1', maxLength: 80 },
  swift_code: { autoComplete: 'off', maxLength: 11, clean: (v) => v.replace(/[^A-Za-z0-9]/g, '').toUpperCase() },
  aba_number: { inputMode: 'numeric', autoComplete: 'off', maxLength: 9, clean: (v) => v.replace(/\D/g, '') },
  address: { autoComplete: 'street-address', maxLength: 200 },
  phone: { inputMode: 'tel', autoComplete: 'tel', maxLength: 20, clean: (v) => v.replace(/[^\d+\s-]/g, '') },
};

/** What a saved card pre-fills (all but the number, which comes back masked). */
function initialValues(card: BankCard | null | undefined): Values {
  return {
    real_name: card?.real_name ?? '',
    card_number: '',
    bank_name: card?.bank_name ?? '',
    branch: card?.branch ?? '',
    province_city: card?.province_city ?? '',
    swift_code: card?.swift_code ?? '',
    aba_number: card?.aba_number ?? '',
    address: card?.address ?? '',
    phone: card?.phone ?? '',
  };
}

/** Where the form keeps what was typed while the user is away choosing a province/city. */
const draftKey = (kind: BankCardKind) => `kestrel.bankCardDraft.${kind}`;

/**
 * The values to start from: the saved card's, unless the user just came back from the location
 * picker, in which case what they had typed, with the chosen place filled in.
 */
function startValues(kind: BankCardKind, card: BankCard | null | undefined): Values {
  const base = initialValues(card);
  const place = takePick(`bank.${kind}.province_city`);
  const raw = sessionStorage.getItem(draftKey(kind));
  sessionStorage.removeItem(draftKey(kind));
  if (!place) return base;
  let draft: Partial<Values> = {};
  try {
    draft = raw ? (JSON.parse(raw) as Partial<Values>) : {};
  } catch {
    draft = {};
  }
  return { ...base, ...draft, province_city: placeText(place) };
}

/** The hidden part of a card number as a card shows it; the answer reveals only the last four. */
const HIDDEN_GROUPS = '•••• •••• ••••';

/** The user's bank card of `kind` (one each): the saved card, and the form that saves or replaces it. */
export function BankCardForm({ kind }: { kind: BankCardKind }) {
  const { t } = useTranslation();
  const query = useQuery(apiQuery(KINDS[kind].info));
  const card = query.data;
  const invalidate = useInvalidate();
  const top = useRef<HTMLDivElement>(null);
  const saved = () => {
    void invalidate('bankCards');
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  if (card === undefined) {
    return query.isError ? (
      <Empty text={t('common.loadFailed')} action={{ label: t('common.retry'), onClick: () => void query.refetch() }} />
    ) : (
      <DelayedFallback />
    );
  }
  return (
    <div className={styles.wrap} ref={top}>
      {card ? <CardView card={card} kind={kind} /> : <NoCard kind={kind} />}
      <CardEditor key={card ? `${card.updated_at}` : 'new'} kind={kind} card={card} onSaved={saved} />
    </div>
  );
}

function kindLabel(t: TFunction, kind: BankCardKind): string {
  return kind === 'domestic' ? t('targets.domesticCard') : t('targets.internationalCard');
}

/** The saved card, drawn as a card. */
function CardView({ card, kind }: { card: BankCard; kind: BankCardKind }) {
  const { t } = useTranslation();
  const timeText = useTimeText();
  return (
    <section className={`${styles.card} ${styles[kind]}`} aria-label={kindLabel(t, kind)} data-testid="bank-card">
      <div className={styles.cardTop}>
        <Landmark size={18} className={styles.bankIcon} />
        <b className={styles.bankName}>{card.bank_name}</b>
        <span className={styles.kind}>{kindLabel(t, kind)}</span>
      </div>
      <div className={styles.chip} aria-hidden="true" />
      <p className={`${styles.number} num`} data-testid="bank-card-number">
        <span className={styles.dots}>{HIDDEN_GROUPS}</span>
        <span>{card.card_number.replace(/[\s*]/g, '')}</span>
      </p>
      <div className={styles.cardBottom}>
        <div className={styles.cardCol}>
          <span className={styles.caption}>{t('targets.cardholder')}</span>
          <b>{card.real_name}</b>
        </div>
        <div className={`${styles.cardCol} ${styles.right}`}>
          <span className={styles.caption}>{t('targets.branch')}</span>
          <b>{card.branch}</b>
        </div>
      </div>
      <span className={styles.updated}>{t('targets.updatedAt', { time: timeText(card.updated_at, 'YYYY-MM-DD') })}</span>
    </section>
  );
}

function NoCard({ kind }: { kind: BankCardKind }) {
  const { t } = useTranslation();
  return (
    <section className={styles.placeholder} data-testid="bank-card-none">
      <CreditCard size={28} strokeWidth={1.5} />
      <b>{t('targets.noCard')}</b>
      <span>{t(kind === 'domestic' ? 'targets.noCardHint' : 'targets.noCardHintInternational')}</span>
    </section>
  );
}

function CardEditor({ kind, card, onSaved }: { kind: BankCardKind; card: BankCard | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => startValues(kind, card));
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  /** Keeps what was typed (never the payment password), then opens the picker for the province/city. */
  const chooseLocation = () => {
    sessionStorage.setItem(draftKey(kind), JSON.stringify(values));
    void navigate(pickerUrl(`${pathname}${search}`, `bank.${kind}.province_city`));
  };
  const [pin, setPin] = useState('');
  const [issue, setIssue] = useState<Issue | null>(null);
  const [busy, setBusy] = useState(false);
  const { missing, noteError } = usePayPasswordMissing();
  const { fields } = KINDS[kind];

  const text: Record<CardField, { label: string; placeholder: string }> = {
    real_name: { label: t('targets.realName'), placeholder: t('targets.realNamePlaceholder') },
    card_number: {
      label: t(kind === 'domestic' ? 'targets.cardNumber' : 'targets.accountNumber'),
      placeholder: t(kind === 'domestic' ? 'targets.cardNumberPlaceholder' : 'targets.accountNumberPlaceholder'),
    },
    bank_name: { label: t('targets.bankName'), placeholder: t('targets.bankNamePlaceholder') },
    branch: { label: t('targets.branch'), placeholder: t('targets.branchPlaceholder') },
    province_city: { label: t('targets.provinceCity'), placeholder: t('targets.provinceCityPlaceholder') },
    swift_code: { label: t('targets.swiftCode'), placeholder: t('targets.swiftCodePlaceholder') },
    aba_number: { label: t('targets.abaNumber'), placeholder: t('targets.abaNumberPlaceholder') },
    address: { label: t('targets.cardholderAddress'), placeholder: t('targets.cardholderAddressPlaceholder') },
    phone: { label: t('targets.phone'), placeholder: t('targets.phonePlaceholder') },
  };
  const errorOf = (field: Field | null) => (issue && issue.field === field ? t(issue.key) : null);

  /** Checks `input` with the endpoint's own rules, then saves it. */
  const save = async <P extends SavePath>(path: P, input: InputOf<P>, target: HTMLFormElement) => {
    const found = firstIssue(targetsEndpoints[path].input, input);
    setIssue(found);
    if (found) return revealField(target, found.field);
    setBusy(true);
    try {
      showToast(await call(path, input));
      onSaved();
    } catch (err) {
      noteError(err);
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const target = e.currentTarget;
    const v = values;
    const common = {
      real_name: v.real_name,
      card_number: v.card_number,
      bank_name: v.bank_name,
      branch: v.branch,
      phone: v.phone,
      pay_password: pin,
    };
    void (kind === 'domestic'
      ? save(KINDS.domestic.save, { ...common, province_city: v.province_city }, target)
      : save(KINDS.international.save, { ...common, swift_code: v.swift_code, aba_number: v.aba_number, address: v.address }, target));
  };

  const input = (field: CardField) => {
    const { clean, ...attrs } = INPUTS[field];
    return (
      <TextField
        key={field}
        {...attrs}
        label={text[field].label}
        placeholder={text[field].placeholder}
        value={values[field]}
        onChange={(value) => setValues((s) => ({ ...s, [field]: clean ? clean(value) : value }))}
        name={field}
        className={field === 'card_number' ? styles.numberField : undefined}
        suffix={
          field === 'province_city' ? (
            <button type="button" className={styles.choose} onClick={chooseLocation} data-testid="bank-choose-location">
              <MapPin size={14} />
              {t('system.location.choose')}
            </button>
          ) : undefined
        }
        error={errorOf(field)}
      />
    );
  };

  return (
    <form className={`${form.form} ${styles.form}`} onSubmit={submit} noValidate data-testid="bank-form">
      <div>
        <h2 className={styles.heading}>{t(card ? 'targets.replaceTitle' : 'targets.cardDetails')}</h2>
        <p className={form.hint}>{t(card ? 'targets.replaceHint' : 'targets.cardHint')}</p>
      </div>
      {fields.map((field) =>
        field === 'swift_code' ? (
          <div key={field} className={`${form.row} ${styles.pair}`}>
            {input('swift_code')}
            {input('aba_number')}
          </div>
        ) : field === 'aba_number' ? null : (
          input(field)
        ),
      )}
      <div className={styles.divider} />
      <PayPasswordField value={pin} onChange={setPin} error={errorOf('pay_password')} missing={missing} />
      {issue && issue.field === null && <p className={styles.error}>{t(issue.key)}</p>}
      <Button type="submit" block busy={busy} className={styles.submit} data-testid="bank-submit">
        {t(card ? 'targets.replaceCard' : 'targets.saveCard')}
      </Button>
    </form>
  );
}
