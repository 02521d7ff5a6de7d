import { useTranslation } from 'react-i18next';
import { useLocale } from '@scholars/shared-contracts';
import { useAsync } from '@scholars/shared-contracts/ui';
import { formatDate, formatTimeZone, viewerTimeZone } from '@scholars/shared-contracts/locale';
import { NAMESPACE } from '../../i18n';
import { fetchSlots } from '../../api/consultations';
import { groupSlotsByDay } from '../../lib/consultations';
import { SectionState } from '../../components/Status';

export interface Slot {
  start: string;
  end: string;
}

/** How far ahead the slots are offered (the API's limit too). */
export const SLOT_DAYS = 28;

/**
 * The consultant's free slots of the coming 4 weeks, by the viewer's calendar day, each in the
 * viewer's zone with the consultant's local time beside it. `onPick` absent: shown, not pickable
 * (a visitor). `version` changes reload them (after a refused booking). `selected`: the start of
 * the slot picked so far, when the picker stays on screen after a pick (the reschedule dialog),
 * marked pressed in words and colour.
 */
export function SlotPicker({
  consultantId,
  consultantZone,
  version = 0,
  onPick,
  selected,
}: {
  consultantId: number;
  consultantZone: string;
  version?: number;
  onPick?: (slot: Slot) => void;
  selected?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useLocale();
  const zone = viewerTimeZone();
  const today = new Date().toISOString().slice(0, 10);
  const slots = useAsync((signal) => fetchSlots(consultantId, today, SLOT_DAYS, signal), [consultantId, version]);
  if (slots.status === 'failed') return <SectionState state="failed" onRetry={slots.reload} />;
  if (!slots.data) return <SectionState state="loading" />;
  const days = groupSlotsByDay(slots.data.slots, zone);
  return (
    <div className="mt-3" data-testid="consultant-slots">
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {zone === consultantZone
          ? t('consultant.slotsZoneShared', { zone: formatTimeZone(zone, locale) })
          : t('consultant.slotsZone', { zone: formatTimeZone(zone, locale), consultantZone: formatTimeZone(consultantZone, locale) })}
      </p>
      {days.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-300" data-testid="slots-empty">{t('consultant.noSlots')}</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {days.map((day) => (
            <li key={day.date} data-testid="slot-day" data-date={day.date}>
              <h3 className="font-semibold text-slate-900 dark:text-slate-100">{formatDate(day.date, locale, 'weekdayDate')}</h3>
              <ul className="mt-2 flex flex-wrap gap-2">
                {day.slots.map((slot) => {
                  const time = formatDate(slot.start, locale, 'time', zone);
                  const theirTime = formatDate(slot.start, locale, 'time', consultantZone);
                  // The consultant's clock only where it reads otherwise than the viewer's.
                  const theirs = theirTime === time ? null : t('consultant.consultantTime', { time: theirTime });
                  const content = (
                    <>
                      <span className="block font-semibold">{time}</span>
                      {theirs ? <span className="block text-xs text-slate-500 dark:text-slate-400">{theirs}</span> : null}
                    </>
                  );
                  const box = 'rounded-lg border px-3 py-2 text-start text-slate-800 dark:text-slate-100';
                  const isSelected = selected === slot.start;
                  const idle = 'border-slate-300 dark:border-slate-700';
                  const chosen = 'border-emerald-700 bg-emerald-50 ring-2 ring-emerald-600 dark:border-emerald-400 dark:bg-emerald-950 dark:ring-emerald-400';
                  return (
                    <li key={slot.start}>
                      {onPick ? (
                        <button
                          type="button"
                          data-testid="slot"
                          data-start={slot.start}
                          onClick={() => onPick(slot)}
                          aria-pressed={selected === undefined ? undefined : isSelected}
                          aria-label={t('consultant.pick', { time: theirs ? `${formatDate(slot.start, locale, 'dateTime', zone)} (${theirs})` : formatDate(slot.start, locale, 'dateTime', zone) })}
                          className={`${box} ${isSelected ? chosen : `${idle} hover:border-emerald-600 hover:bg-emerald-50 dark:hover:bg-slate-800`}`}
                        >
                          {content}
                          {isSelected ? <span className="block text-xs font-semibold text-emerald-800 dark:text-emerald-300" data-testid="slot-chosen">{t('consultant.chosen')}</span> : null}
                        </button>
                      ) : (
                        <span data-testid="slot" data-start={slot.start} className={`${box} ${idle} inline-block`}>{content}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
