import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { PRIORITY_LABELS, PROJECT_FIELD_LABELS, PROJECT_STATUS_LABELS } from '@/shared/projects-tasks';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { DecimalField } from '@/client/ui/decimal-field';
import { FormGrid, Select, TextArea, TextField } from '@/client/ui/form-fields';
import { IconChevronLeft } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useContactSearch } from '../contacts';
import { ProjectBudget } from '../time';
import { ContactPicker } from '@/client/kit/contact-picker';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { useRecordEditor } from '@/client/kit/use-record-editor';
import { optionsWithCurrent, PROJECT_FORM_PRIORITIES, PROJECT_FORM_STATUSES } from '@/client/kit/workflow-options';
import {
  buildProjectPayload,
  EMPTY_PROJECT_FORM,
  PROJECT_ERROR_LABELS,
  PROJECT_MESSAGES,
  toProjectForm,
  validateProjectForm,
  type ProjectFormValues,
} from './project-form';
import {
  useCreateProjectMutation,
  useDeleteProjectMutation,
  useGetProjectQuery,
  useUpdateProjectMutation,
} from './projects.api';

const StyledLayout = styled.div<{ $withPanel: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.spacing.xl};
  grid-template-columns: minmax(0, 1fr);
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: ${({ $withPanel }) => ($withPanel ? 'minmax(0, 2fr) minmax(300px, 1fr)' : 'minmax(0, 1fr)')};
  }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.spacing.sm};

  & > :last-child {
    margin-left: auto;
  }
`;

const FIELD_ID = (name: string) => `project-${name}`;

export interface ProjectDetailPageProps {
  /** 'Tâches associées' beside a saved project: the tasks feature's panel, which the router passes in. */
  TasksPanel: ComponentType<{ projectId: number }>;
}

/** /projects/new and /projects/:id ('new' also means create): one screen for both. */
export function ProjectDetailPage({ TasksPanel }: ProjectDetailPageProps) {
  const { id } = useParams();
  // A new key per project: going from one project (or /projects/new) to another starts afresh.
  return <ProjectEditor key={id ?? 'new'} idParam={id} TasksPanel={TasksPanel} />;
}

interface ProjectEditorProps extends ProjectDetailPageProps {
  idParam: string | undefined;
}

function ProjectEditor({ idParam, TasksPanel }: ProjectEditorProps) {
  const isNew = !idParam || idParam === 'new';
  const projectId = isNew ? null : Number(idParam);
  const validId = projectId !== null && Number.isInteger(projectId) && projectId > 0;

  const { data: project, error: loadError } = useGetProjectQuery(projectId ?? 0, { skip: !validId });
  const [createProject, { isLoading: creating }] = useCreateProjectMutation();
  const [updateProject, { isLoading: updating }] = useUpdateProjectMutation();
  const [deleteProject, { isLoading: deleting }] = useDeleteProjectMutation();

  const editor = useRecordEditor({
    load: isNew ? null : { data: project, failed: !validId || Boolean(loadError) },
    newForm: () => EMPTY_PROJECT_FORM,
    toForm: toProjectForm,
    // SPEC 8: a project that cannot be loaded sends back to the list.
    leave: { message: PROJECT_MESSAGES.loadError, to: '/projects', replace: true },
    validate: validateProjectForm,
    focus: { fields: ['name', 'budget', 'revenue', 'hourly_rate', 'due_date', 'completed_date'], element: (field) => document.getElementById(FIELD_ID(field)) },
    save: {
      send: (form) =>
        projectId === null
          ? createProject(buildProjectPayload(form)).unwrap()
          : updateProject({ id: projectId, body: buildProjectPayload(form) }).unwrap(),
      createdPath: projectId === null ? (created) => `/projects/${created.id}` : undefined,
      created: PROJECT_MESSAGES.created,
      updated: PROJECT_MESSAGES.updated,
      fields: ['name', 'budget', 'revenue', 'hourly_rate', 'due_date', 'completed_date'],
      labels: PROJECT_ERROR_LABELS,
    },
    remove:
      projectId === null
        ? undefined
        : {
            confirm: () => ({ title: 'Supprimer le projet', message: PROJECT_MESSAGES.confirmDelete, confirmLabel: 'Supprimer' }),
            send: () => deleteProject(projectId).unwrap(),
            deleted: PROJECT_MESSAGES.deleted,
            to: '/projects',
            failed: PROJECT_MESSAGES.deleteError,
          },
  });
  const { form, errors, refusal } = editor;
  const set =
    <K extends keyof ProjectFormValues>(field: K) =>
    (value: ProjectFormValues[K]) =>
      editor.update(field, value);
  const onText = (field: 'name' | 'description' | 'start_date' | 'due_date' | 'completed_date') =>
    (event: { target: { value: string } }) => set(field)(event.target.value);

  const busy = creating || updating || deleting;
  const title = isNew ? 'Nouveau projet' : (project?.name ?? 'Projet');

  return (
    <Page
      title={title}
      description={isNew ? 'Renseignez le projet puis enregistrez-le pour y ajouter des tâches.' : undefined}
      actions={
        <ButtonLink to="/dashboard">
          <IconChevronLeft size={18} aria-hidden="true" />
          Retour
        </ButtonLink>
      }
    >
      {!form ? (
        <Spinner label="Chargement du projet..." />
      ) : (
        <StyledLayout $withPanel={!isNew}>
          <Card title="Informations du projet">
            <StyledForm noValidate onSubmit={editor.submit} aria-label="Projet">
              {refusal && (
                <Alert tone="error">
                  {PROJECT_MESSAGES.saveError}
                  {refusal.messages.length > 0 && (
                    <>
                      <br />
                      {refusal.messages.join(' | ')}
                    </>
                  )}
                </Alert>
              )}
              <FormGrid>
                <StyledWide>
                  <TextField
                    id={FIELD_ID('name')}
                    label="Nom du projet"
                    value={form.name}
                    onChange={onText('name')}
                    error={errors?.name}
                    required
                    maxLength={200}
                    autoComplete="off"
                  />
                </StyledWide>
                <StyledWide>
                  <TextArea
                    id={FIELD_ID('description')}
                    label={PROJECT_FIELD_LABELS.description}
                    value={form.description}
                    onChange={onText('description')}
                    rows={4}
                  />
                </StyledWide>
                <StyledWide>
                  <ContactPicker
                    legend={PROJECT_FIELD_LABELS.contacts}
                    addLabel="Ajouter un client"
                    searchLabel="Rechercher un client"
                    useSearch={useContactSearch}
                    known={project?.contacts}
                    value={form.contact_ids}
                    onChange={set('contact_ids')}
                  />
                </StyledWide>
                <Select
                  id={FIELD_ID('status')}
                  label={PROJECT_FIELD_LABELS.status}
                  options={optionsWithCurrent(PROJECT_FORM_STATUSES, PROJECT_STATUS_LABELS, form.status)}
                  value={form.status}
                  onChange={(event) => set('status')(event.target.value as ProjectFormValues['status'])}
                />
                <Select
                  id={FIELD_ID('priority')}
                  label={PROJECT_FIELD_LABELS.priority}
                  options={optionsWithCurrent(PROJECT_FORM_PRIORITIES, PRIORITY_LABELS, form.priority)}
                  value={form.priority}
                  onChange={(event) => set('priority')(event.target.value as ProjectFormValues['priority'])}
                />
                <DecimalField
                  id={FIELD_ID('budget')}
                  label={`${PROJECT_FIELD_LABELS.budget} (€)`}
                  value={form.budget}
                  onChange={set('budget')}
                  error={errors?.budget}
                />
                <DecimalField
                  id={FIELD_ID('revenue')}
                  label={`${PROJECT_FIELD_LABELS.revenue} (€)`}
                  value={form.revenue}
                  onChange={set('revenue')}
                  error={errors?.revenue}
                />
                <DecimalField
                  id={FIELD_ID('hourly_rate')}
                  label="Taux horaire (€/h)"
                  hint="Repris par ses tâches qui n’ont pas de taux propre."
                  value={form.hourly_rate}
                  onChange={set('hourly_rate')}
                  error={errors?.hourly_rate}
                />
                <TextField
                  id={FIELD_ID('start_date')}
                  type="date"
                  label={PROJECT_FIELD_LABELS.start_date}
                  value={form.start_date}
                  onChange={onText('start_date')}
                />
                <TextField
                  id={FIELD_ID('due_date')}
                  type="date"
                  label={PROJECT_FIELD_LABELS.due_date}
                  value={form.due_date}
                  onChange={onText('due_date')}
                  error={errors?.due_date}
                />
                <TextField
                  id={FIELD_ID('completed_date')}
                  type="date"
                  label={PROJECT_FIELD_LABELS.completed_date}
                  value={form.completed_date}
                  onChange={onText('completed_date')}
                  error={errors?.completed_date}
                />
              </FormGrid>
              <StyledActions>
                {!isNew && (
                  <Button variant="danger" onClick={editor.remove} disabled={busy}>
                    Supprimer
                  </Button>
                )}
                <Button type="submit" variant="primary" disabled={busy} aria-busy={creating || updating || undefined}>
                  {isNew ? 'Créer le projet' : 'Enregistrer'}
                </Button>
              </StyledActions>
            </StyledForm>
          </Card>
          {projectId !== null && validId && <ProjectBudget projectId={projectId} />}
          {projectId !== null && validId && <TasksPanel projectId={projectId} />}
          <UnsavedChangesGuard dirty={editor.dirty} />
        </StyledLayout>
      )}
    </Page>
  );
}
