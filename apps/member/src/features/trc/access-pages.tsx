import { TRC_ROLE_LABELS, type TTrcAccessState, type TTrcApplication } from '@dance/domain';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import IconClockHour4 from '@tabler/icons-react/dist/esm/icons/IconClockHour4.mjs';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { AccessForm } from './access-form';
import pageClasses from './trc-page.module.css';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

import { StandingFailed, StandingRedirect, TrcLoading, useTrcStanding } from './trc-guard';

function AccessShell({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} className={pageClasses.page} data-testid="trc-page">
      <Stack gap="lg">
        <Stack gap={4}>
          <Text tt="uppercase" fw={700} fz="xs" lts={2} className={pageClasses.kicker}>
            Teacher Resource Center
          </Text>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="lg">
          {children}
        </Card>
      </Stack>
    </Container>
  );
}

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text fz="sm" fw={700} w={120} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The pending request as sent, with edit and resubmit (spec 2 §2, §4). */
export function PendingSummary({ application }: { application: TTrcApplication }) {
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="trc-pending-summary">
      <Group gap="sm">
        <IconClockHour4 size={22} aria-hidden />
        <Badge variant="default" size="lg">
          Pending review
        </Badge>
      </Group>
      <Text>
        Thanks, your request is with our team. We will email you at <b>{application.email}</b> once it is
        decided.
      </Text>
      <Stack gap={6}>
        <SummaryRow label="Full name">{application.name}</SummaryRow>
        <SummaryRow label="Email">{application.email}</SummaryRow>
        <SummaryRow label="Instagram or website">
          <Anchor href={application.link} target="_blank" rel="noopener noreferrer nofollow">
            {application.link}
          </Anchor>
        </SummaryRow>
        <SummaryRow label="Role">{application.roles.map((r) => TRC_ROLE_LABELS[r]).join(', ')}</SummaryRow>
        {application.gain && <SummaryRow label="Hoping to gain">{application.gain}</SummaryRow>}
        <SummaryRow label="Sent">{formatDate(application.updatedAt)}</SummaryRow>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={() => navigate('/trc/resubmit')}>Edit and resubmit</Button>
      </Group>
    </Stack>
  );
}

function RejectedNotice({ state }: { state: TTrcAccessState }) {
  if (state.status !== 'rejected') return null;
  return (
    <Alert color="orange" variant="light" mb="md" title="Your last request was not approved">
      You are welcome to apply again with more about your teaching.
    </Alert>
  );
}

/**
 * /trc/access: the request form, or the pending summary while a request is pending; approved viewers go to
 * the TRC home (spec 2 §2, §4).
 */
export function TrcAccessPage() {
  const standing = useTrcStanding();
  const navigate = useNavigate();
  if (standing.kind === 'loading') return <TrcLoading />;
  if (standing.kind === 'redirect') return <StandingRedirect to={standing.to} message={standing.toast} />;
  if (standing.kind === 'failed') return <StandingFailed onRetry={standing.retry} />;
  const { state } = standing;
  if (state.access === 'granted') return <Navigate to="/trc" replace />;
  if (state.access === 'plans') return <Navigate to="/plans" replace />;
  if (state.access === 'pending' && state.application) {
    return (
      <AccessShell
        title="Your request is pending"
        intro="Lesson plans, teaching videos and printable resources open as soon as the team approves it."
      >
        <PendingSummary application={state.application} />
      </AccessShell>
    );
  }
  return (
    <AccessShell
      title="Request access"
      intro="Lesson plans, teaching videos and printable resources for dance instructors, coaches and studio owners. Tell us a little about your teaching and the team will review your request."
    >
      <RejectedNotice state={state} />
      <AccessForm state={state} mode="request" onSent={() => navigate('/trc/access', { replace: true })} />
    </AccessShell>
  );
}

/** /trc/resubmit: the form again (the pending request to edit), approved viewers go home (spec 2 §4). */
export function TrcResubmitPage() {
  const standing = useTrcStanding();
  const navigate = useNavigate();
  if (standing.kind === 'loading') return <TrcLoading />;
  if (standing.kind === 'redirect') return <StandingRedirect to={standing.to} message={standing.toast} />;
  if (standing.kind === 'failed') return <StandingFailed onRetry={standing.retry} />;
  const { state } = standing;
  if (state.access === 'granted') return <Navigate to="/trc" replace />;
  if (state.access === 'plans') return <Navigate to="/plans" replace />;
  const canEdit = state.application !== null && state.status !== 'approved';
  return (
    <AccessShell
      title={canEdit ? 'Edit your request' : 'Request access'}
      intro="Update your details and send the request again; it stays in the queue for review."
    >
      <RejectedNotice state={state} />
      <AccessForm
        state={state}
        mode={canEdit ? 'resubmit' : 'request'}
        onSent={() => navigate('/trc/access', { replace: true })}
        onCancel={() => navigate('/trc/access')}
      />
    </AccessShell>
  );
}
