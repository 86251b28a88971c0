import { Kbd, Modal, Table } from '@mantine/core';
import { PLAYER_KEY_HELP } from './player-keys';

/** The `?` overlay: every key of the player (issue 20 item 7). */
export function PlayerKeysHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Player keys" centered>
      <Table>
        <Table.Tbody>
          {PLAYER_KEY_HELP.map((row) => (
            <Table.Tr key={row.action}>
              <Table.Td>
                {row.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && ' or '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{row.action}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>Arrow keys</Table.Td>
            <Table.Td>Do nothing in the player</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
