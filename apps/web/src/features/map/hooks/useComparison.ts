import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useState } from 'react';
import type { Scene } from '@mirante/shared';
import { checkDates, clickScene, comparedPair } from '../model/dateComparison';
import { shownScene } from '../model/sceneSelection';

export type CompareMode = 'lado-a-lado' | 'cortina';
export type DateSide = 'before' | 'after';

/**
 * The scene selection of the map screen: one scene shown, or two compared (two cards picked in Imagens, or the
 * 'Comparar datas' checkbox with its Antes / Depois dates).
 */
export function useComparison(scenes: readonly Scene[]) {
  const message = useFeedback();
  const [selection, setSelection] = useState<number[] | null>(null);
  const [datesOn, setDatesOn] = useState(false);
  const [dates, setDates] = useState<Partial<Record<DateSide, number>>>({});
  const [mode, setMode] = useState<CompareMode>('lado-a-lado');
  const selected = selection ?? (scenes[0] ? [scenes[0].id] : []);
  const pair = comparedPair(selected, scenes);
  const find = (id: number | undefined) => scenes.find((scene) => scene.id === id);

  const clickCard = (id: number) => {
    const result = clickScene(selected, id, datesOn && pair !== null);
    if (result.warning) void message.warning(result.warning);
    setSelection(result.selected);
  };

  const pickDate = (side: DateSide, id: number | undefined) => {
    const next = { ...dates, [side]: id };
    const check = checkDates(find(next.before), find(next.after));
    if (check.kind === 'invalid') {
      void message.warning(check.message);
      setDates({});
      if (pair) setSelection([pair[1]]);
      return;
    }
    setDates(next);
    if (check.kind === 'valid') setSelection([check.before, check.after]);
  };

  const toggleDates = (on: boolean) => {
    setDatesOn(on);
    setDates({});
    if (!on && pair) setSelection([pair[1]]);
  };

  /** Shows one scene alone (an inspection picked in the construction sidebar), leaving any comparison. */
  const showScene = (id: number) => {
    setDatesOn(false);
    setDates({});
    setSelection([id]);
  };

  /** Compares two scenes side by side or by swipe (two inspections picked in 'Comparar vistorias'). */
  const compareScenes = (beforeId: number, afterId: number) => {
    setDatesOn(false);
    setDates({});
    setSelection([beforeId, afterId]);
  };

  return {
    selected,
    shownId: pair ? pair[1] : shownScene(selected),
    before: pair ? (find(pair[0]) ?? null) : null,
    after: pair ? (find(pair[1]) ?? null) : null,
    datesOn,
    dates,
    mode,
    setMode,
    clickCard,
    pickDate,
    toggleDates,
    showScene,
    compareScenes,
  };
}

export type Comparison = ReturnType<typeof useComparison>;
