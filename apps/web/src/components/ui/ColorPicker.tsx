import { palette } from '@teamline/contract';
import { useTranslation } from 'react-i18next';

/** docs/product/i18n-and-modes.md#widgets: options each hold a colour name and a code from the shared palette. */
export function ColorPicker({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="color-picker">
      <legend className="field__label">{legend}</legend>
      <div className="color-picker__options">
        {palette.map((color) => {
          const isSelected = value.toUpperCase() === color.code.toUpperCase();
          return (
            <label
              key={color.name}
              className={`color-picker__swatch${isSelected ? ' is-selected' : ''}`}
              title={t(`ui.colors.${color.name}`)}
            >
              <input
                type="radio"
                name="colorCode"
                className="visually-hidden"
                value={color.code}
                checked={isSelected}
                onChange={() => onChange(color.code)}
                aria-label={t(`ui.colors.${color.name}`)}
              />
              <span style={{ background: color.code }} aria-hidden="true" />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
