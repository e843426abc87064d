package dev.drivecat.common;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * How a query parameter's text becomes its typed value, for every query parameter that names itself
 * with {@code @QueryParam}: an {@link ApiToken} enum by its token, a number within the bounds its
 * Bean Validation constraints declare ({@code @Min}/{@code @Max} for whole numbers,
 * {@code @DecimalMin}/{@code @DecimalMax} for decimals, always within {@link DecimalInput}'s), a
 * boolean (true/false, yes/no, 1/0), or a type with a {@code public static T parse(String parameter,
 * String text)} method (an OpenZFS release, a block size). Blank text is no value (null). A value
 * that does not convert is the 400 {@link Params} answers, naming the parameter and what it takes.
 *
 * <p>One reading for both ways a query arrives: JAX-RS binds a resource's {@code @BeanParam} through
 * this provider (a failure travels as a {@link BadRequestException} whose cause is the
 * {@link DomainException}, which the web layer answers as that problem), and {@link QueryBinding}
 * binds the same record from a map of parameters (a page's form, a pasted pool's parameters) with the
 * same readers, throwing the {@link DomainException} itself. The constraints are read here, where
 * the value is converted, so a number out of range is refused in the words every parameter uses
 * ("maxPrice must be a number of at least 0.01, not '0'"); they also give the OpenAPI document its
 * minimum and maximum.
 */
@Provider
public class QueryValues implements ParamConverterProvider {

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        String name = name(annotations);
        Function<String, Object> reader = name == null ? null : reader(rawType, name, annotations);
        if (reader == null) {
            return null;
        }
        return new ParamConverter<>() {
            @Override
            public T fromString(String value) {
                try {
                    return (T) reader.apply(value);
                } catch (DomainException e) {
                    throw new BadRequestException(e);
                }
            }

            @Override
            public String toString(T value) {
                return value instanceof ApiToken token ? token.token() : String.valueOf(value);
            }
        };
    }

    /** The name {@code @QueryParam} gives the parameter; null when it has none. */
    static String name(Annotation[] annotations) {
        for (Annotation a : annotations) {
            if (a instanceof QueryParam q) {
                return q.value();
            }
        }
        return null;
    }

    /**
     * What reads the text of parameter {@code name} of type {@code type}, bounded by the constraints in
     * {@code annotations}; null for a type this class does not read (a String is taken as given).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Function<String, Object> reader(Class<?> type, String name, Annotation[] annotations) {
        if (type.isEnum() && ApiToken.class.isAssignableFrom(type)) {
            Class<? extends Enum> enumType = (Class<? extends Enum>) type;
            return text -> Text.isBlank(text) ? null : ApiToken.require((Class) enumType, name, text.trim());
        }
        if (type == BigDecimal.class) {
            BigDecimal min = decimal(annotations, DecimalMin.class);
            BigDecimal max = decimal(annotations, DecimalMax.class);
            return text -> Params.decimal(name, text, min, max).orElse(null);
        }
        if (type == Integer.class || type == Long.class) {
            long min = whole(annotations, Min.class, type == Integer.class ? Integer.MIN_VALUE : Long.MIN_VALUE);
            long max = whole(annotations, Max.class, type == Integer.class ? Integer.MAX_VALUE : Long.MAX_VALUE);
            return text -> {
                if (Text.isBlank(text)) {
                    return null;
                }
                long value = Params.whole(name, text, min, max);
                return type == Integer.class ? (Object) (int) value : (Object) value;
            };
        }
        if (type == Boolean.class) {
            return text -> Params.bool(name, text).orElse(null);
        }
        Method parse = parser(type);
        if (parse != null) {
            return text -> {
                if (Text.isBlank(text)) {
                    return null;
                }
                try {
                    return parse.invoke(null, name, text);
                } catch (java.lang.reflect.InvocationTargetException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            };
        }
        return null;
    }

    private static Method parser(Class<?> type) {
        try {
            Method m = type.getMethod("parse", String.class, String.class);
            return Modifier.isStatic(m.getModifiers()) && m.getReturnType() == type ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }


    private static BigDecimal decimal(Annotation[] annotations, Class<? extends Annotation> bound) {
        for (Annotation a : annotations) {
            if (a instanceof DecimalMin min && bound == DecimalMin.class) {
                return new BigDecimal(min.value());
            }
            if (a instanceof DecimalMax max && bound == DecimalMax.class) {
                return new BigDecimal(max.value());
            }
        }
        return null;
    }

    private static long whole(Annotation[] annotations, Class<? extends Annotation> bound, long otherwise) {
        for (Annotation a : annotations) {
            if (a instanceof Min min && bound == Min.class) {
                return min.value();
            }
            if (a instanceof Max max && bound == Max.class) {
                return max.value();
            }
        }
        return otherwise;
    }
}
