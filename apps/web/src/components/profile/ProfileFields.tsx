import { type Language } from '@teamline/contract';
import { useState, type ChangeEvent } from 'react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatThousandWon } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { ColorPicker } from '../ui/ColorPicker';
import { Icon } from '../ui/Icon';
import { RadioGroup } from '../ui/Radio';
import { FormField, FormText } from '../ui/Form';
import { errorCodeOf } from '../../lib/api-client';
import { resizeImage } from '../../lib/image-resize';
import { notify } from '../../stores/toast-store';
import { LanguageSelect } from '../ui/LanguageSelect';
import { memberApi } from '../../lib/member-api';
import { emptyCareer, type GenderValue, type ProfileFormValues, type WorkType } from './profile-form';

const AVATAR_MAX_PX = 512;

/** The profile setup shared by join and the profile page (docs/product/accounts.md#profile). */
export function ProfileFields({
  hasLanguage = false,
  onLanguageChange,
}: {
  /** Join asks for the language here; the profile page has it in the account section. */
  hasLanguage?: boolean;
  onLanguageChange?: (lang: Language) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { register, control, watch, setValue } = useFormContext<ProfileFormValues>();
  const careers = useFieldArray({ control, name: 'career' });
  const [preview, setPreview] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const nickname = watch('nickname');
  const colorCode = watch('colorCode');
  const profileFileIdx = watch('profileFileIdx');
  const hopePrice = watch('hopePrice');

  async function handleAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notify(t('errors.FILE_TYPE_NOT_ALLOWED'), 'error');
      return;
    }
    setIsUploading(true);
    try {
      // docs/product/i18n-and-modes.md#images: resized in the browser before upload (longer side scaled to its limit).
      const resized = await resizeImage(file, AVATAR_MAX_PX, AVATAR_MAX_PX, 'image/jpeg', 85);
      const { fileIdx } = await memberApi.upload(resized, 'avatar.jpg');
      setPreview(URL.createObjectURL(resized));
      setValue('profileFileIdx', fileIdx, { shouldDirty: true });
    } catch (error) {
      console.error(error);
      notify(
        error instanceof Error && error.name !== 'ApiError'
          ? error.message
          : t(`errors.${errorCodeOf(error)}`),
        'error',
      );
    } finally {
      setIsUploading(false);
    }
  }

  return (
    <div className="profile-fields">
      <div className="avatar-field">
        <Avatar
          nickname={nickname}
          colorCode={colorCode}
          fileIdx={profileFileIdx}
          src={profileFileIdx ? preview : null}
          size={88}
        />
        <div className="avatar-field__actions">
          <span className="field__label">{t('ui.profileForm.avatar')}</span>
          <label className={`btn btn--outline btn--small${isUploading ? ' is-disabled' : ''}`}>
            {isUploading ? t('ui.profileForm.uploading') : t('ui.profileForm.chooseAvatar')}
            <input
              type="file"
              accept="image/*"
              className="visually-hidden"
              onChange={(event) => void handleAvatarChange(event)}
              disabled={isUploading}
            />
          </label>
          {profileFileIdx != null && (
            <Button
              variant="ghost"
              size="small"
              onClick={() => {
                setPreview(null);
                setValue('profileFileIdx', null, { shouldDirty: true });
              }}
            >
              {t('ui.profileForm.removeAvatar')}
            </Button>
          )}
        </div>
      </div>
      <FormText label={t('ui.join.nickname')} maxLength={15} autoComplete="nickname" name="nickname" />
      <Controller
        control={control}
        name="colorCode"
        render={({ field }) => (
          <ColorPicker
            legend={t('ui.profileForm.color')}
            value={field.value ?? ''}
            onChange={field.onChange}
          />
        )}
      />
      <FormText
        label={t('ui.profileForm.job')}
        placeholder={t('ui.profileForm.jobPlaceholder')}
        maxLength={50}
        name="job"
      />
      <Controller
        control={control}
        name="workType"
        render={({ field }) => (
          <RadioGroup<WorkType>
            legend={t('ui.profileForm.workType')}
            name="workType"
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: 'freelancer', label: t('ui.profileForm.freelancer') },
              { value: 'fullTime', label: t('ui.profileForm.fullTime') },
            ]}
          />
        )}
      />
      <FormText
        type="date"
        label={t('ui.profileForm.birth')}
        hint={t('ui.profileForm.privateHint')}
        autoComplete="bday"
        name="birth"
      />
      <Controller
        control={control}
        name="gender"
        render={({ field }) => (
          <RadioGroup<GenderValue>
            legend={t('ui.profileForm.gender')}
            name="gender"
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: '', label: t('ui.profileForm.genderUnset') },
              { value: 'M', label: t('ui.profileForm.male') },
              { value: 'F', label: t('ui.profileForm.female') },
            ]}
          />
        )}
      />
      <FormText
        label={t('ui.profileForm.company')}
        maxLength={100}
        autoComplete="organization"
        name="company"
      />
      <FormText
        label={t('ui.profileForm.hopePrice')}
        isNumberOnly
        hint={
          hopePrice
            ? t('ui.profileForm.hopePriceHint', { value: formatThousandWon(Number(hopePrice), lang) })
            : undefined
        }
        name="hopePrice"
      />
      <fieldset className="careers">
        <legend className="field__label">{t('ui.profileForm.careers')}</legend>
        {careers.fields.length === 0 && <p className="muted">{t('ui.profileForm.noCareers')}</p>}
        {careers.fields.map((row, index) => {
          return (
            <div key={row.id} className="career-row">
              <div className="career-row__grid">
                <FormText
                  type="month"
                  label={t('ui.profileForm.careerStart')}
                  name={`career.${index}.startDt`}
                />
                <FormText type="month" label={t('ui.profileForm.careerEnd')} name={`career.${index}.endDt`} />
                <FormText
                  label={t('ui.profileForm.careerCompany')}
                  maxLength={100}
                  name={`career.${index}.company`}
                />
                <FormText
                  label={t('ui.profileForm.careerLevel')}
                  maxLength={50}
                  name={`career.${index}.level`}
                />
                <FormText
                  label={t('ui.profileForm.careerSalary')}
                  isNumberOnly
                  name={`career.${index}.salary`}
                />
              </div>
              <FormField name={`career.${index}.description`} label={t('ui.profileForm.careerDescription')}>
                {(props) => (
                  <textarea
                    {...props}
                    className="field__input field__textarea"
                    rows={3}
                    maxLength={2000}
                    {...register(`career.${index}.description`)}
                  />
                )}
              </FormField>
              <Button variant="ghost" size="small" align="start" onClick={() => careers.remove(index)}>
                <Icon name="trash" size={16} /> {t('ui.profileForm.removeCareer', { index: index + 1 })}
              </Button>
            </div>
          );
        })}
        <Button variant="outline" size="small" onClick={() => careers.append(emptyCareer())}>
          <Icon name="plus" size={16} /> {t('ui.profileForm.addCareer')}
        </Button>
      </fieldset>
      {hasLanguage && (
        <Controller
          control={control}
          name="lang"
          render={({ field }) => (
            <LanguageSelect
              value={field.value}
              onChange={(lang) => {
                field.onChange(lang);
                onLanguageChange?.(lang);
              }}
            />
          )}
        />
      )}
    </div>
  );
}
