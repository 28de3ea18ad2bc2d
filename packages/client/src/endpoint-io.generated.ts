// Generated from src/derived-types.ts by scripts/endpoint-io.ts: do not edit. After a change to the
// model's endpoint table, `pnpm generate` rewrites it (D74).
import type { DateInput } from './derived-types.js';

/** Per endpoint: the request parts it declares, the input of each, and the response body. */
export interface EndpointIO {
  readonly analyticsLatest: {
    readonly parts: 'params' | 'query';
    readonly params: {
      metric: NonNullable<
        | 'um_chat_messages_co'
        | 'um_chat_messages_ct'
        | 'um_chat_messages_total'
        | 'um_chat_session_bot_forward_received'
        | 'um_chat_session_manual_forward_group_live'
        | 'um_chat_session_manual_forward_group_offline'
        | 'um_chat_session_manual_forward_group_re_engage'
        | 'um_chat_session_manual_forward_live'
        | 'um_chat_session_manual_forward_offline'
        | 'um_chat_session_manual_forward_re_engage'
        | 'um_chat_session_manual_forward_re_group_engage'
        | 'um_contact_browser'
        | 'um_contact_country'
        | 'um_contact_response_time'
        | 'um_contact_response_time_backchannel'
        | 'um_contact_response_time_backchannel_service_time'
        | 'um_contact_response_time_service_time'
        | 'um_contact_unique_visit'
        | 'um_conversation_category'
        | 'um_conversation_duration'
        | 'um_conversation_feedback'
        | 'um_conversation_first_message'
        | 'um_conversation_first_message_assignment_update'
        | 'um_conversation_goal_reached'
        | 'um_conversation_inactivity_action'
        | 'um_conversation_part_category'
        | 'um_conversation_post_survey'
        | 'um_conversation_pre_survey'
        | 'um_conversation_rating'
        | 'um_conversation_reopen'
        | 'um_conversation_session_count'
        | 'um_conversation_session_duration_live'
        | 'um_conversation_session_duration_offline'
        | 'um_conversation_session_duration_re_engage'
        | 'um_conversation_status_duration'
        | 'um_conversation_topic'
        | 'um_conversation_topic_change'
        | 'um_conversation_unanswered_ended'
        | 'um_conversation_unanswered_live'
        | 'um_conversation_unassigned_duration'
        | 'um_missed_opportunity'
        | 'um_operator_response_time'
        | 'um_operator_response_time_conversation_first'
        | 'um_operator_response_time_conversation_first_service_time'
        | 'um_operator_response_time_first'
        | 'um_operator_response_time_first_service_time'
        | 'um_operator_response_time_service_time'
        | 'um_operator_response_time_to_unanswered_session'
        | 'um_operator_response_time_to_unanswered_session_first'
        | 'um_operator_response_time_to_unanswered_session_first_service_time'
        | 'um_operator_response_time_to_unanswered_session_service_time'
        | 'um_operator_slot_usage'
        | 'um_operator_status'
        | undefined
      >;
    };
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: {
        um_widget_id: number[];
        organization_id: number;
        time: string;
        value: number;
        value_str: string;
        is_chatbot_metric: boolean;
        operator_id?: number | null | undefined;
        operator_group_id?: number | null | undefined;
        conversation_id?: number | undefined;
        conversation_part_id?: number | undefined;
        conversation_session_id?: number | undefined;
        chatbot_interaction?: boolean | undefined;
        human_interaction?: boolean | undefined;
      }[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_messages_co: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_messages_ct: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_messages_total: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_bot_forward_received: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_group_live: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_group_offline: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_group_re_engage: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_live: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_offline: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_re_engage: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_chat_session_manual_forward_re_group_engage: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_browser: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_country: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_response_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_response_time_backchannel: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_response_time_backchannel_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_response_time_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_contact_unique_visit: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_category: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_duration: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_feedback: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_first_message: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_first_message_assignment_update: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_goal_reached: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_inactivity_action: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_part_category: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_post_survey: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_pre_survey: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_rating: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_reopen: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_session_count: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_session_duration_live: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_session_duration_offline: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_session_duration_re_engage: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_status_duration: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_topic: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_topic_change: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_unanswered_ended: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_unanswered_live: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_conversation_unassigned_duration: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_missed_opportunity: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_conversation_first: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_conversation_first_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_first: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_first_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_to_unanswered_session: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_to_unanswered_session_first: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_to_unanswered_session_first_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_response_time_to_unanswered_session_service_time: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_slot_usage: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly analytics_um_operator_status: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      organization_id?: number | readonly number[] | undefined;
      um_widget_id?: number | readonly number[] | undefined;
      operator_id?: number | readonly number[] | undefined;
      operator_group_id?: number | readonly number[] | undefined;
      event_date?: DateInput | undefined;
      event_date_from?: DateInput | undefined;
      event_date_to?: DateInput | undefined;
      operator_mode?: 'bot' | 'human' | undefined;
      limit?: number | undefined;
      cursor?: string | undefined;
    };
    readonly body: never;
    readonly response: {
      results: (
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            conversation_id: number;
            chatbot_interaction: boolean;
            human_interaction: boolean;
          }
        | {
            um_widget_id: number[];
            organization_id: number;
            time: string;
            value: number;
            value_str: string | (string & {});
            is_chatbot_metric: boolean;
            operator_id: number | null;
            operator_group_id: number | null;
            conversation_id?: number | undefined;
            conversation_part_id?: number | undefined;
            conversation_session_id?: number | undefined;
          }
      )[];
      next?: string | null | undefined;
    };
  };
  readonly createNote: {
    readonly parts: 'query' | 'body';
    readonly params: {};
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: { contact_identity_id: number; body: string };
    readonly response: {
      id: number;
      contact_identity_id: number;
      operator_id: number | null;
      body: string;
      created_at: string;
      updated_at: string;
    };
  };
  readonly deleteContact: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: undefined;
  };
  readonly deleteContacts: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      delete_ids?: number | readonly number[] | undefined;
      email?: string | undefined;
      name?: string | undefined;
      to_date_time?: DateInput | undefined;
      from_date_time?: DateInput | undefined;
      verified?: boolean | undefined;
      locale?: string | undefined;
      search_query?: string | readonly string[] | undefined;
      id?: number | undefined;
    };
    readonly body: never;
    readonly response: undefined;
  };
  readonly deleteConversation: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: undefined;
  };
  readonly deleteConversations: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      contact_uuid?: string | undefined;
      contact_first_message_from_date?: DateInput | undefined;
      contact_first_message_to_date?: DateInput | undefined;
      contact_last_message_from_date?: DateInput | undefined;
      contact_last_message_to_date?: DateInput | undefined;
      updated_at_from_date?: DateInput | undefined;
      updated_at_to_date?: DateInput | undefined;
      last_activity_from_date?: DateInput | undefined;
      last_activity_to_date?: DateInput | undefined;
      search_query?: string | readonly string[] | undefined;
      limit?: number | undefined;
      delete_ids?: number | readonly number[] | undefined;
      contact_identity_id?: number | undefined;
      operator_id?: number | undefined;
      status?: (string & {}) | 'ended' | 'new' | 'pending' | undefined;
      topics?: number | undefined;
      um_widget_id?: number | undefined;
      chat_widget_id?: number | undefined;
      id__gt?: number | undefined;
      id__lt?: number | undefined;
    };
    readonly body: never;
    readonly response: undefined;
  };
  readonly deleteNote: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: undefined;
  };
  readonly deleteOperator: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: undefined;
  };
  readonly getContact: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: {
      id: number;
      name: string | null;
      email: string | null;
      email_verified: boolean;
      salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
      gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
      company: string | null;
      position: string | null;
      street: string | null;
      city: string | null;
      country: string | null;
      phone_number: string | null;
      mobile_number: string | null;
      is_mobile_number_verified: boolean;
      verified: boolean;
      locale: string;
      contact_by_email: boolean;
      contact_by_phone: boolean;
      contact_by_service_channels: boolean;
      contact_by_service_messenger: boolean;
      external_customer_id: string | null;
      is_blocked: boolean;
      needs_register: boolean;
      created_at: string;
      first_message_sent_at: string;
      last_message_sent_at: string;
      loc_lat: number;
      loc_lon: number;
      url_facebook: string | null;
      url_linkedin: string | null;
      url_profile_picture: string | null;
      url_twitter: string | null;
      read_permission: boolean;
      write_permission: boolean;
      contact_uuids: string[];
      conversation_count: number;
    };
  };
  readonly getConversation: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: {
      id: number;
      accepts_messages: boolean;
      addon_urls: Record<string, string>;
      contact: {
        id: number;
        name: string | null;
        email: string | null;
        email_verified: boolean;
        salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
        gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
        company: string | null;
        position: string | null;
        street: string | null;
        city: string | null;
        country: string | null;
        phone_number: string | null;
        mobile_number: string | null;
        is_mobile_number_verified: boolean;
        verified: boolean;
        locale: string;
        contact_by_email: boolean;
        contact_by_phone: boolean;
        contact_by_service_channels: boolean;
        contact_by_service_messenger: boolean;
        external_customer_id: string | null;
        is_blocked: boolean;
        needs_register: boolean;
        created_at: string;
        first_message_sent_at: string;
        last_message_sent_at: string;
        loc_lat: number;
        loc_lon: number;
        url_facebook: string | null;
        url_linkedin: string | null;
        url_profile_picture: string | null;
        url_twitter: string | null;
        read_permission: boolean;
        write_permission: boolean;
      };
      contact_channel: { state: string; type: string };
      contact_first_message_sent_at: string;
      contact_last_message_sent_at: string;
      contact_last_update_at: string;
      conversation_contact_uuid: string;
      created_at: string;
      custom: Record<string, unknown>;
      customer_id: number;
      data_privacy: boolean;
      expiry_state: number;
      feedback_message: string | null;
      language_name: string;
      last_message: {
        id: string;
        msgid: string;
        conversation_id: number;
        conversation: { id: number };
        part_id: number;
        sent_at: string;
        sent_at_time: string;
        type: 'message' | (string & {});
        body: string;
        url: string | null;
        state: { type: number; message: string; error_code?: unknown };
        sender: { type: (string & {}) | 'contact' | 'operator'; id: number };
        operator_id: number | null;
        operator_name: string;
        operator_display_name: string;
        operator_is_bot: boolean;
        name: string;
        display_name: string;
        marked_read_contact: boolean;
        marked_read_operator: boolean;
        event?: unknown;
        reference?: unknown;
      };
      last_message_sent_at: string;
      locale: string;
      marked_read_contact: boolean;
      marked_read_operator: boolean;
      operator_assigned_to: number | null;
      organization_id: number;
      page_impressions: number;
      rate: number | null;
      read_permission: boolean;
      slot_reserved: boolean;
      status: (string & {}) | 'ended' | 'new' | 'pending';
      status_description: string;
      subject: string | null;
      topics: {
        id: number;
        organization_id: number;
        text: string;
        read_permission: boolean;
        write_permission: boolean;
      }[];
      um_widget: { id: number; language_name: string; name: string };
      um_widget_goals: unknown[];
      unread_messages_operator: unknown[];
      updated_at: string;
      write_permission: boolean;
      conversation_part_set: {
        id: number;
        browser: { name: string; os: string; version: string };
        created_at: string;
        ended_at: string;
        duration: string;
        location: { city: string; country: string; lat: number; lon: number };
        name_friendly: string;
        part_type: (string & {}) | 'ChatMeta';
        read_permission: boolean;
        write_permission: boolean;
        referrer?: unknown;
      }[];
      post_survey_option?: unknown;
      pre_survey_option?: unknown;
      visits?: unknown;
    };
  };
  readonly getNote: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: {
      id: number;
      contact_identity_id: number;
      operator_id: number | null;
      body: string;
      created_at: string;
      updated_at: string;
    };
  };
  readonly getOperator: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: {
      id: number;
      organization_id: number;
      name: string;
      display_name: string;
      email: string;
      is_bot: boolean;
      role: (string & {}) | 'operator' | 'admin' | 'restricted';
      operator_group_ids: number[];
      is_away: boolean;
      status: (string & {}) | 'away' | 'offline' | 'online';
      locale: string;
      created_at: string;
      updated_at: string;
    };
  };
  readonly getOperatorSlots: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: never;
    readonly response: { operator_id: number; total_slots: number; used_slots: number; free_slots: number };
  };
  readonly listAllContacts: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
      ordering?: 'id' | '-id' | undefined;
      email?: string | undefined;
      name?: string | undefined;
      to_date_time?: DateInput | undefined;
      from_date_time?: DateInput | undefined;
      verified?: boolean | undefined;
      locale?: string | undefined;
      id?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        name: string | null;
        email: string | null;
        email_verified: boolean;
        salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
        gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
        company: string | null;
        position: string | null;
        street: string | null;
        city: string | null;
        country: string | null;
        phone_number: string | null;
        mobile_number: string | null;
        is_mobile_number_verified: boolean;
        verified: boolean;
        locale: string;
        contact_by_email: boolean;
        contact_by_phone: boolean;
        contact_by_service_channels: boolean;
        contact_by_service_messenger: boolean;
        external_customer_id: string | null;
        is_blocked: boolean;
        needs_register: boolean;
        created_at: string;
        first_message_sent_at: string;
        last_message_sent_at: string;
        loc_lat: number;
        loc_lon: number;
        url_facebook: string | null;
        url_linkedin: string | null;
        url_profile_picture: string | null;
        url_twitter: string | null;
        read_permission: boolean;
        write_permission: boolean;
        contact_uuids: string[];
        conversation_count: number;
      }[];
      count: number;
    };
  };
  readonly listAllConversations: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      cursor?: string | undefined;
      limit?: number | undefined;
      contact_uuid?: string | undefined;
      contact_first_message_from_date?: DateInput | undefined;
      contact_first_message_to_date?: DateInput | undefined;
      contact_last_message_from_date?: DateInput | undefined;
      contact_last_message_to_date?: DateInput | undefined;
      updated_at_from_date?: DateInput | undefined;
      updated_at_to_date?: DateInput | undefined;
      last_activity_from_date?: DateInput | undefined;
      last_activity_to_date?: DateInput | undefined;
      ordering?: 'id' | '-id' | undefined;
      contact_identity_id?: number | undefined;
      operator_id?: number | undefined;
      status?: (string & {}) | 'ended' | 'new' | 'pending' | undefined;
      topics?: number | undefined;
      um_widget_id?: number | undefined;
      chat_widget_id?: number | undefined;
      id__gt?: number | undefined;
      id__lt?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        accepts_messages: boolean;
        addon_urls: Record<string, string>;
        contact: {
          id: number;
          name: string | null;
          email: string | null;
          email_verified: boolean;
          salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
          gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
          company: string | null;
          position: string | null;
          street: string | null;
          city: string | null;
          country: string | null;
          phone_number: string | null;
          mobile_number: string | null;
          is_mobile_number_verified: boolean;
          verified: boolean;
          locale: string;
          contact_by_email: boolean;
          contact_by_phone: boolean;
          contact_by_service_channels: boolean;
          contact_by_service_messenger: boolean;
          external_customer_id: string | null;
          is_blocked: boolean;
          needs_register: boolean;
          created_at: string;
          first_message_sent_at: string;
          last_message_sent_at: string;
          loc_lat: number;
          loc_lon: number;
          url_facebook: string | null;
          url_linkedin: string | null;
          url_profile_picture: string | null;
          url_twitter: string | null;
          read_permission: boolean;
          write_permission: boolean;
        };
        contact_channel: { state: string; type: string };
        contact_first_message_sent_at: string;
        contact_last_message_sent_at: string;
        contact_last_update_at: string;
        conversation_contact_uuid: string;
        created_at: string;
        custom: Record<string, unknown>;
        customer_id: number;
        data_privacy: boolean;
        expiry_state: number;
        feedback_message: string | null;
        language_name: string;
        last_message: {
          id: string;
          msgid: string;
          conversation_id: number;
          conversation: { id: number };
          part_id: number;
          sent_at: string;
          sent_at_time: string;
          type: 'message' | (string & {});
          body: string;
          url: string | null;
          state: { type: number; message: string; error_code?: unknown };
          sender: { type: (string & {}) | 'contact' | 'operator'; id: number };
          operator_id: number | null;
          operator_name: string;
          operator_display_name: string;
          operator_is_bot: boolean;
          name: string;
          display_name: string;
          marked_read_contact: boolean;
          marked_read_operator: boolean;
          event?: unknown;
          reference?: unknown;
        };
        last_message_sent_at: string;
        locale: string;
        marked_read_contact: boolean;
        marked_read_operator: boolean;
        operator_assigned_to: number | null;
        organization_id: number;
        page_impressions: number;
        rate: number | null;
        read_permission: boolean;
        slot_reserved: boolean;
        status: (string & {}) | 'ended' | 'new' | 'pending';
        status_description: string;
        subject: string | null;
        topics: {
          id: number;
          organization_id: number;
          text: string;
          read_permission: boolean;
          write_permission: boolean;
        }[];
        um_widget: { id: number; language_name: string; name: string };
        um_widget_goals: unknown[];
        unread_messages_operator: unknown[];
        updated_at: string;
        write_permission: boolean;
        post_survey_option?: unknown;
        pre_survey_option?: unknown;
        visits?: unknown;
      }[];
      count: number;
    };
  };
  readonly listContacts: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
      ordering?:
        | 'id'
        | 'created_at'
        | 'email'
        | 'name'
        | '-id'
        | '-created_at'
        | '-email'
        | '-name'
        | undefined;
      email?: string | undefined;
      name?: string | undefined;
      to_date_time?: DateInput | undefined;
      from_date_time?: DateInput | undefined;
      verified?: boolean | undefined;
      locale?: string | undefined;
      search_query?: string | readonly string[] | undefined;
      id?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      count: number;
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        name: string | null;
        email: string | null;
        email_verified: boolean;
        salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
        gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
        company: string | null;
        position: string | null;
        street: string | null;
        city: string | null;
        country: string | null;
        phone_number: string | null;
        mobile_number: string | null;
        is_mobile_number_verified: boolean;
        verified: boolean;
        locale: string;
        contact_by_email: boolean;
        contact_by_phone: boolean;
        contact_by_service_channels: boolean;
        contact_by_service_messenger: boolean;
        external_customer_id: string | null;
        is_blocked: boolean;
        needs_register: boolean;
        created_at: string;
        first_message_sent_at: string;
        last_message_sent_at: string;
        loc_lat: number;
        loc_lon: number;
        url_facebook: string | null;
        url_linkedin: string | null;
        url_profile_picture: string | null;
        url_twitter: string | null;
        read_permission: boolean;
        write_permission: boolean;
        contact_uuids: string[];
        conversation_count: number;
      }[];
    };
  };
  readonly listConversations: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
      contact_uuid?: string | undefined;
      contact_first_message_from_date?: DateInput | undefined;
      contact_first_message_to_date?: DateInput | undefined;
      contact_last_message_from_date?: DateInput | undefined;
      contact_last_message_to_date?: DateInput | undefined;
      updated_at_from_date?: DateInput | undefined;
      updated_at_to_date?: DateInput | undefined;
      last_activity_from_date?: DateInput | undefined;
      last_activity_to_date?: DateInput | undefined;
      search_query?: string | readonly string[] | undefined;
      ordering?:
        | 'id'
        | 'last_message_sent_at'
        | 'contact_first_message_sent_at'
        | 'contact_last_message_sent_at'
        | 'contact_last_update_at'
        | '-id'
        | '-contact_first_message_sent_at'
        | '-contact_last_message_sent_at'
        | '-contact_last_update_at'
        | '-last_message_sent_at'
        | undefined;
      contact_identity_id?: number | undefined;
      operator_id?: number | undefined;
      status?: (string & {}) | 'ended' | 'new' | 'pending' | undefined;
      topics?: number | undefined;
      um_widget_id?: number | undefined;
      chat_widget_id?: number | undefined;
      id__gt?: number | undefined;
      id__lt?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      count: number;
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        accepts_messages: boolean;
        addon_urls: Record<string, string>;
        contact: {
          id: number;
          name: string | null;
          email: string | null;
          email_verified: boolean;
          salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
          gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
          company: string | null;
          position: string | null;
          street: string | null;
          city: string | null;
          country: string | null;
          phone_number: string | null;
          mobile_number: string | null;
          is_mobile_number_verified: boolean;
          verified: boolean;
          locale: string;
          contact_by_email: boolean;
          contact_by_phone: boolean;
          contact_by_service_channels: boolean;
          contact_by_service_messenger: boolean;
          external_customer_id: string | null;
          is_blocked: boolean;
          needs_register: boolean;
          created_at: string;
          first_message_sent_at: string;
          last_message_sent_at: string;
          loc_lat: number;
          loc_lon: number;
          url_facebook: string | null;
          url_linkedin: string | null;
          url_profile_picture: string | null;
          url_twitter: string | null;
          read_permission: boolean;
          write_permission: boolean;
        };
        contact_channel: { state: string; type: string };
        contact_first_message_sent_at: string;
        contact_last_message_sent_at: string;
        contact_last_update_at: string;
        conversation_contact_uuid: string;
        created_at: string;
        custom: Record<string, unknown>;
        customer_id: number;
        data_privacy: boolean;
        expiry_state: number;
        feedback_message: string | null;
        language_name: string;
        last_message: {
          id: string;
          msgid: string;
          conversation_id: number;
          conversation: { id: number };
          part_id: number;
          sent_at: string;
          sent_at_time: string;
          type: 'message' | (string & {});
          body: string;
          url: string | null;
          state: { type: number; message: string; error_code?: unknown };
          sender: { type: (string & {}) | 'contact' | 'operator'; id: number };
          operator_id: number | null;
          operator_name: string;
          operator_display_name: string;
          operator_is_bot: boolean;
          name: string;
          display_name: string;
          marked_read_contact: boolean;
          marked_read_operator: boolean;
          event?: unknown;
          reference?: unknown;
        };
        last_message_sent_at: string;
        locale: string;
        marked_read_contact: boolean;
        marked_read_operator: boolean;
        operator_assigned_to: number | null;
        organization_id: number;
        page_impressions: number;
        rate: number | null;
        read_permission: boolean;
        slot_reserved: boolean;
        status: (string & {}) | 'ended' | 'new' | 'pending';
        status_description: string;
        subject: string | null;
        topics: {
          id: number;
          organization_id: number;
          text: string;
          read_permission: boolean;
          write_permission: boolean;
        }[];
        um_widget: { id: number; language_name: string; name: string };
        um_widget_goals: unknown[];
        unread_messages_operator: unknown[];
        updated_at: string;
        write_permission: boolean;
        post_survey_option?: unknown;
        pre_survey_option?: unknown;
        visits?: unknown;
      }[];
    };
  };
  readonly listMessages: {
    readonly parts: 'params' | 'query';
    readonly params: { id: number };
    readonly query: {
      cursor?: string | undefined;
      limit?: number | undefined;
      exclude_ids?: { ids: number[]; messageIds: string[] } | undefined;
      ordering?: 'id' | 'sent_at' | '-id' | '-sent_at' | undefined;
    };
    readonly body: never;
    readonly response: {
      next: string | null;
      previous: string | null;
      results: {
        id: string;
        msgid: string;
        conversation_id: number;
        conversation: { id: number };
        part_id: number;
        sent_at: string;
        sent_at_time: string;
        type: 'message' | (string & {});
        body: string;
        url: string | null;
        state: { type: number; message: string; error_code?: unknown };
        sender: { type: (string & {}) | 'contact' | 'operator'; id: number };
        operator_id: number | null;
        operator_name: string;
        operator_display_name: string;
        operator_is_bot: boolean;
        name: string;
        display_name: string;
        marked_read_contact: boolean;
        marked_read_operator: boolean;
        event?: unknown;
        reference?: unknown;
      }[];
    };
  };
  readonly listNavigationEvents: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
      ordering?: 'id' | '-id' | undefined;
      contact_identity_id?: number | undefined;
      conversation_id?: number | undefined;
      um_widget_id?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      count: number;
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        organization_id: number;
        contact_identity_id: number;
        conversation_id: number | null;
        um_widget_id: number;
        url: string;
        title: string;
        referrer: string | null;
        created_at: string;
      }[];
    };
  };
  readonly listNotes: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
      ordering?: 'id' | '-id' | undefined;
      contact_identity_id?: number | undefined;
    };
    readonly body: never;
    readonly response: {
      count: number;
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        contact_identity_id: number;
        operator_id: number | null;
        body: string;
        created_at: string;
        updated_at: string;
      }[];
    };
  };
  readonly listOperators: {
    readonly parts: 'query';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      limit?: number | undefined;
      offset?: number | undefined;
      ordering?: 'id' | '-id' | undefined;
    };
    readonly body: never;
    readonly response: {
      count: number;
      next: string | null;
      previous: string | null;
      results: {
        id: number;
        organization_id: number;
        name: string;
        display_name: string;
        email: string;
        is_bot: boolean;
        role: (string & {}) | 'operator' | 'admin' | 'restricted';
        operator_group_ids: number[];
        is_away: boolean;
        status: (string & {}) | 'away' | 'offline' | 'online';
        locale: string;
        created_at: string;
        updated_at: string;
      }[];
    };
  };
  readonly retiredV2: {
    readonly parts: 'params';
    readonly params: {
      resource: NonNullable<
        'conversations' | 'notes' | 'operators' | 'navigation' | 'contact_identities' | undefined
      >;
    };
    readonly query: {};
    readonly body: never;
    readonly response: never;
  };
  readonly setOperatorAway: {
    readonly parts: 'params' | 'query' | 'body';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: { is_away: boolean };
    readonly response: {
      id: number;
      organization_id: number;
      name: string;
      display_name: string;
      email: string;
      is_bot: boolean;
      role: (string & {}) | 'operator' | 'admin' | 'restricted';
      operator_group_ids: number[];
      is_away: boolean;
      status: (string & {}) | 'away' | 'offline' | 'online';
      locale: string;
      created_at: string;
      updated_at: string;
    };
  };
  readonly updateContact: {
    readonly parts: 'params' | 'query' | 'body';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: {
      email?: string | null | undefined;
      name?: string | null | undefined;
      salutation?: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null | undefined;
      gender?: (string & {}) | 'diverse' | 'female' | 'male' | null | undefined;
      street?: string | null | undefined;
      city?: string | null | undefined;
      country?: string | null | undefined;
      phone_number?: string | null | undefined;
      mobile_number?: string | null | undefined;
      contact_by_phone?: boolean | undefined;
      contact_by_email?: boolean | undefined;
      contact_by_service_messenger?: boolean | undefined;
    };
    readonly response: {
      id: number;
      name: string | null;
      email: string | null;
      email_verified: boolean;
      salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
      gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
      company: string | null;
      position: string | null;
      street: string | null;
      city: string | null;
      country: string | null;
      phone_number: string | null;
      mobile_number: string | null;
      is_mobile_number_verified: boolean;
      verified: boolean;
      locale: string;
      contact_by_email: boolean;
      contact_by_phone: boolean;
      contact_by_service_channels: boolean;
      contact_by_service_messenger: boolean;
      external_customer_id: string | null;
      is_blocked: boolean;
      needs_register: boolean;
      created_at: string;
      first_message_sent_at: string;
      last_message_sent_at: string;
      loc_lat: number;
      loc_lon: number;
      url_facebook: string | null;
      url_linkedin: string | null;
      url_profile_picture: string | null;
      url_twitter: string | null;
      read_permission: boolean;
      write_permission: boolean;
      contact_uuids: string[];
      conversation_count: number;
    };
  };
  readonly updateConversation: {
    readonly parts: 'params' | 'query' | 'body';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: { topics: string[] };
    readonly response: {
      id: number;
      accepts_messages: boolean;
      addon_urls: Record<string, string>;
      contact: {
        id: number;
        name: string | null;
        email: string | null;
        email_verified: boolean;
        salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
        gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
        company: string | null;
        position: string | null;
        street: string | null;
        city: string | null;
        country: string | null;
        phone_number: string | null;
        mobile_number: string | null;
        is_mobile_number_verified: boolean;
        verified: boolean;
        locale: string;
        contact_by_email: boolean;
        contact_by_phone: boolean;
        contact_by_service_channels: boolean;
        contact_by_service_messenger: boolean;
        external_customer_id: string | null;
        is_blocked: boolean;
        needs_register: boolean;
        created_at: string;
        first_message_sent_at: string;
        last_message_sent_at: string;
        loc_lat: number;
        loc_lon: number;
        url_facebook: string | null;
        url_linkedin: string | null;
        url_profile_picture: string | null;
        url_twitter: string | null;
        read_permission: boolean;
        write_permission: boolean;
      };
      contact_channel: { state: string; type: string };
      contact_first_message_sent_at: string;
      contact_last_message_sent_at: string;
      contact_last_update_at: string;
      conversation_contact_uuid: string;
      created_at: string;
      custom: Record<string, unknown>;
      customer_id: number;
      data_privacy: boolean;
      expiry_state: number;
      feedback_message: string | null;
      language_name: string;
      last_message: {
        id: string;
        msgid: string;
        conversation_id: number;
        conversation: { id: number };
        part_id: number;
        sent_at: string;
        sent_at_time: string;
        type: 'message' | (string & {});
        body: string;
        url: string | null;
        state: { type: number; message: string; error_code?: unknown };
        sender: { type: (string & {}) | 'contact' | 'operator'; id: number };
        operator_id: number | null;
        operator_name: string;
        operator_display_name: string;
        operator_is_bot: boolean;
        name: string;
        display_name: string;
        marked_read_contact: boolean;
        marked_read_operator: boolean;
        event?: unknown;
        reference?: unknown;
      };
      last_message_sent_at: string;
      locale: string;
      marked_read_contact: boolean;
      marked_read_operator: boolean;
      operator_assigned_to: number | null;
      organization_id: number;
      page_impressions: number;
      rate: number | null;
      read_permission: boolean;
      slot_reserved: boolean;
      status: (string & {}) | 'ended' | 'new' | 'pending';
      status_description: string;
      subject: string | null;
      topics: {
        id: number;
        organization_id: number;
        text: string;
        read_permission: boolean;
        write_permission: boolean;
      }[];
      um_widget: { id: number; language_name: string; name: string };
      um_widget_goals: unknown[];
      unread_messages_operator: unknown[];
      updated_at: string;
      write_permission: boolean;
      conversation_part_set: {
        id: number;
        browser: { name: string; os: string; version: string };
        created_at: string;
        ended_at: string;
        duration: string;
        location: { city: string; country: string; lat: number; lon: number };
        name_friendly: string;
        part_type: (string & {}) | 'ChatMeta';
        read_permission: boolean;
        write_permission: boolean;
        referrer?: unknown;
      }[];
      post_survey_option?: unknown;
      pre_survey_option?: unknown;
      visits?: unknown;
    };
  };
  readonly updateOperator: {
    readonly parts: 'params' | 'query' | 'body';
    readonly params: { id: number };
    readonly query: { exclude_ids?: number | readonly number[] | undefined };
    readonly body: {
      name?: string | undefined;
      display_name?: string | undefined;
      email?: string | undefined;
      role?: 'operator' | 'admin' | 'restricted' | undefined;
      operator_group_ids?: number[] | undefined;
      status?: 'away' | 'offline' | 'online' | undefined;
      locale?: string | undefined;
      is_away?: boolean | undefined;
    };
    readonly response: {
      id: number;
      organization_id: number;
      name: string;
      display_name: string;
      email: string;
      is_bot: boolean;
      role: (string & {}) | 'operator' | 'admin' | 'restricted';
      operator_group_ids: number[];
      is_away: boolean;
      status: (string & {}) | 'away' | 'offline' | 'online';
      locale: string;
      created_at: string;
      updated_at: string;
    };
  };
  readonly upsertContact: {
    readonly parts: 'query' | 'body';
    readonly params: {};
    readonly query: {
      exclude_ids?: number | readonly number[] | undefined;
      identifier?: 'email' | 'phone_number' | 'mobile_number' | 'external_customer_id' | undefined;
    };
    readonly body: {
      email?: string | null | undefined;
      name?: string | null | undefined;
      salutation?: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null | undefined;
      gender?: (string & {}) | 'diverse' | 'female' | 'male' | null | undefined;
      street?: string | null | undefined;
      city?: string | null | undefined;
      country?: string | null | undefined;
      phone_number?: string | null | undefined;
      mobile_number?: string | null | undefined;
      contact_by_phone?: boolean | undefined;
      contact_by_email?: boolean | undefined;
      contact_by_service_messenger?: boolean | undefined;
      external_customer_id?: string | null | undefined;
    };
    readonly response:
      | {
          id: number;
          name: string | null;
          email: string | null;
          email_verified: boolean;
          salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
          gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
          company: string | null;
          position: string | null;
          street: string | null;
          city: string | null;
          country: string | null;
          phone_number: string | null;
          mobile_number: string | null;
          is_mobile_number_verified: boolean;
          verified: boolean;
          locale: string;
          contact_by_email: boolean;
          contact_by_phone: boolean;
          contact_by_service_channels: boolean;
          contact_by_service_messenger: boolean;
          external_customer_id: string | null;
          is_blocked: boolean;
          needs_register: boolean;
          created_at: string;
          first_message_sent_at: string;
          last_message_sent_at: string;
          loc_lat: number;
          loc_lon: number;
          url_facebook: string | null;
          url_linkedin: string | null;
          url_profile_picture: string | null;
          url_twitter: string | null;
          read_permission: boolean;
          write_permission: boolean;
          contact_uuids: string[];
          conversation_count: number;
        }
      | {
          id: number;
          name: string | null;
          email: string | null;
          email_verified: boolean;
          salutation: (string & {}) | 'dr' | 'mr' | 'ms' | 'mx' | null;
          gender: (string & {}) | 'diverse' | 'female' | 'male' | null;
          company: string | null;
          position: string | null;
          street: string | null;
          city: string | null;
          country: string | null;
          phone_number: string | null;
          mobile_number: string | null;
          is_mobile_number_verified: boolean;
          verified: boolean;
          locale: string;
          contact_by_email: boolean;
          contact_by_phone: boolean;
          contact_by_service_channels: boolean;
          contact_by_service_messenger: boolean;
          external_customer_id: string | null;
          is_blocked: boolean;
          needs_register: boolean;
          created_at: string;
          first_message_sent_at: string;
          last_message_sent_at: string;
          loc_lat: number;
          loc_lon: number;
          url_facebook: string | null;
          url_linkedin: string | null;
          url_profile_picture: string | null;
          url_twitter: string | null;
          read_permission: boolean;
          write_permission: boolean;
          contact_uuids: string[];
          conversation_count: number;
        };
  };
}
