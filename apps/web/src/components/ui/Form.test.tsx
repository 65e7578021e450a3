import { updateProjectRequest } from '@teamline/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isoToCodeOrNull, useServerError } from '../../lib/form';
import { requestForm, useZodForm } from '../../lib/zod-form';
import '../../lib/i18n';
import { useToastStore } from '../../stores/toast-store';
import { Form, FormField, FormText } from './Form';

afterEach(cleanup);
beforeEach(() => useToastStore.getState().reset());

const schema = requestForm(
  (v: { name: string; startDt: string; endDt: string; description: string }) => ({
    name: v.name,
    description: v.description,
    startDt: isoToCodeOrNull(v.startDt),
    endDt: isoToCodeOrNull(v.endDt),
  }),
  updateProjectRequest,
);

function ProjectForm({ fail }: { fail?: unknown }) {
  const form = useZodForm(schema, {
    defaultValues: { name: 'Alpha', startDt: '', endDt: '', description: '' },
  });
  const onServerError = useServerError(form);
  return (
    <Form
      form={form}
      onSubmit={() => {
        if (fail) onServerError(fail);
      }}
    >
      <FormText name="name" label="Name" />
      <FormText name="startDt" label="Start" type="date" />
      <FormText name="endDt" label="End" type="date" />
      <FormField name="description" label="Description">
        {(props) => <textarea {...props} {...form.register('description')} />}
      </FormField>
      <button type="submit">Save</button>
    </Form>
  );
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

describe('the shared form layer', () => {
  it('shows the contract’s rule on its field once touched, linked by aria-describedby', async () => {
    render(<ProjectForm />);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => fireEvent.blur(name));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('This field is required.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('puts end-before-start on the end date and keeps what the user typed', async () => {
    render(<ProjectForm />);
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-03-01' } });
    await submit();
    const end = screen.getByLabelText('End');
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('The end date cannot precede the start date.');
    expect((end as HTMLInputElement).value).toBe('2026-03-01');
    expect(screen.getByLabelText('Start').getAttribute('aria-invalid')).toBeNull();
  });

  it('maps a server field error onto its field without a toast', async () => {
    render(
      <ProjectForm
        fail={new ApiError('VALIDATION_FAILED', 400, 'x', { description: 'descriptionLength' })}
      />,
    );
    await submit();
    const description = screen.getByLabelText('Description');
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('The description can be at most 2000 characters.');
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('keeps the toast for an error that belongs to no field', async () => {
    render(<ProjectForm fail={new ApiError('FORBIDDEN', 403)} />);
    await submit();
    expect(useToastStore.getState().toasts.map((t) => t.icon)).toEqual(['error']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
