import { useId, useState } from 'react';
import { Checkbox } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { Badge, LoadState, Skeleton } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Co2Report, EmissionFactor } from '@portal/shared-contracts';
import { useCo2 } from '../../api/get-co2';
import { useUpdateEmissionSettingsMutation } from '../../api/update-emission-settings';
import { formatAmount, formatFactor } from '../../shared/format';
import { useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
import { WIDGET_LOAD } from '../../shared/widget-load';
import { thisMonth } from '../../shared/month';
import sharedStyles from '../../shared/shared.module.css';
import styles from './journey-groups.module.css';

const C = MESSAGES.insights.co2;
/** Years offered by the year picker: this one and the four before it. */
const YEARS_BACK = 4;

const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2000, i, 1)).toLocaleDateString('en-GB', { month: 'long', timeZone: 'UTC' }));

/** How CO2 saved is calculated for a month: the formula, its inputs, the factors with their source. */
export function Co2Modal({ scope, open, onOpenChange }: { scope: InsightScopeQuery; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [now] = useState(thisMonth);
  const [month, setMonth] = useState(now);
  const query = { ...scope, ...month };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={C.title}
      description={MESSAGES.insights.co2Formula}
    >
      <div className={styles.co2}>
        <div className={styles.pickers}>
          <Select
            label={MESSAGES.insights.month}
            value={String(month.month)}
            onChange={(e) => setMonth({ ...month, month: Number(e.target.value) })}
            options={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name, disabled: month.year === now.year && i + 1 > now.month }))}
          />
          <Select
            label={MESSAGES.insights.year}
            value={String(month.year)}
            // A month still to come in the year chosen falls back to this month.
            onChange={(e) => {
              const year = Number(e.target.value);
              setMonth(year === now.year && month.month > now.month ? now : { year, month: month.month });
            }}
            options={Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(now.year - i)).map((y) => ({ value: y, label: y }))}
          />
        </div>
        {open ? <Co2Figures scope={scope} query={query} /> : null}
      </div>
    </Modal>
  );
}

function Co2Figures({ scope, query }: { scope: InsightScopeQuery; query: InsightScopeQuery & { year: number; month: number } }) {
  const report = useCo2(query);
  return (
    <LoadState query={report} {...WIDGET_LOAD} skeleton={<Skeleton lines={4} />}>
      {(r) => (
        <div className={styles.co2}>
          <WellToTankSetting scope={scope} included={r.includeWellToTank} />
          <Co2Details report={r} />
        </div>
      )}
    </LoadState>
  );
}

/**
 * The company's choice to count the fuel's well-to-tank emissions. Its state is the report's, read
 * in the same statement as the figures, so the box and the figures under it never disagree; a save
 * asks every figure again, and the box shows the choice being saved until they have come.
 */
function WellToTankSetting({ scope, included }: { scope: InsightScopeQuery; included: boolean }) {
  const { toast } = usePlatform();
  const { companyId, canManage } = useCompanyControl(scope);
  const save = useUpdateEmissionSettingsMutation();
  const onChange = async (includeWellToTank: boolean) => {
    if (!companyId || save.isPending) return;
    try {
      await save.mutateAsync({ params: { id: companyId }, body: { includeWellToTank } });
    } catch (error) {
      toast.error(serverMessage(error, C.settingFailed));
      return;
    }
    toast.success(MESSAGES.insights.emissionsSaved);
  };
  return (
    <Checkbox
      className={styles.setting}
      label={C.wellToTank}
      hint={canManage ? C.wellToTankHint : `${C.wellToTankHint} ${C.wellToTankReadOnly}`}
      checked={save.isPending ? save.variables.body.includeWellToTank : included}
      disabled={!canManage}
      onCheckedChange={(on) => void onChange(on)}
    />
  );
}

function Co2Details({ report: r }: { report: Co2Report }) {
  const heading = useId();
  return (
    <div className={styles.co2}>
      <dl className={sharedStyles.facts}>
        <div>
          <dt>{C.passengerMiles}</dt>
          <dd>{formatAmount(r.passengerMiles)}</dd>
        </div>
        <div>
          <dt>{C.factor}</dt>
          <dd>{C.perMile(formatFactor(r.kgPerMile), r.factors[0]?.unit ?? '')}</dd>
        </div>
        <div>
          <dt>{C.saved}</dt>
          <dd>{`${formatAmount(r.co2SavedKg)} ${MESSAGES.insights.units.kgCo2}`}</dd>
        </div>
      </dl>
      <p className={styles.calculation}>
        {r.passengerMiles > 0
          ? C.calculation(formatAmount(r.passengerMiles), formatFactor(r.kgPerMile), formatAmount(r.co2SavedKg))
          : MESSAGES.insights.noTripsThisMonth}
      </p>
      <section aria-labelledby={heading} className={styles.co2}>
        <h3 id={heading} className={styles.subheading}>
          {C.factorsTitle}
        </h3>
        <ul className={`${sharedStyles.plainList} ${styles.factors}`}>
          {r.factors.map((f) => (
            <FactorCard key={f.kind} factor={f} included={f.kind === 'direct' || r.includeWellToTank} />
          ))}
        </ul>
        <p className={sharedStyles.note}>{r.factorSource}</p>
      </section>
    </div>
  );
}

function FactorCard({ factor: f, included }: { factor: EmissionFactor; included: boolean }) {
  return (
    <li className={styles.factor}>
      <div className={sharedStyles.spread}>
        <span className={styles.factorKind}>{C.kinds[f.kind]}</span>
        <Badge tone={included ? 'success' : 'neutral'}>{included ? C.included : C.notIncluded}</Badge>
      </div>
      <dl className={sharedStyles.facts}>
        <div>
          <dt>{C.factor}</dt>
          <dd>{C.perMile(formatFactor(f.kgPerMile), f.unit)}</dd>
        </div>
        <div>
          <dt>{C.scope}</dt>
          <dd>{f.scope}</dd>
        </div>
        <div>
          <dt>{C.activity}</dt>
          <dd>{f.activity}</dd>
        </div>
        <div>
          <dt>{C.source}</dt>
          <dd>{f.source}</dd>
        </div>
        <div>
          <dt>{MESSAGES.insights.year}</dt>
          <dd>{f.year}</dd>
        </div>
      </dl>
    </li>
  );
}
