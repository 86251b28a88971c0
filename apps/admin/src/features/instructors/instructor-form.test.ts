import { describe, expect, it } from 'vitest';
import { newSocialRow, socialsToSave, validateInstructor } from './instructor-form';

const values = (socials = [newSocialRow()], name = 'Maya') => ({ name, bio: '', imageUrl: null, socials });

describe('instructor dialog validation', () => {
  it('needs a name; an untouched first social row means no links', () => {
    expect(validateInstructor(values(undefined, ' '))).toEqual({ name: 'Name is required' });
    expect(validateInstructor(values())).toEqual({});
    expect(socialsToSave(values().socials)).toEqual([]);
  });

  it("gives every row the spec's messages, with the chosen platform's example", () => {
    const errors = validateInstructor(
      values([
        newSocialRow(null, 'https://x.y'),
        newSocialRow('twitter', ''),
        newSocialRow('facebook', 'facebook.com/me'),
        newSocialRow('linkedin', 'https://www.linkedin.com/in/me'),
      ]),
    );
    expect(errors).toEqual({
      'socials.0.platform': 'Please select a platform',
      'socials.1.url': 'URL is required',
      'socials.2.url': 'Enter a valid URL (e.g., https://www.facebook.com/username)',
    });
  });
});
